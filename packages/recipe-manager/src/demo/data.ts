import type { RecipeBody } from '../recipes/schema.js'

/** Example tags; recipes below refer to them by name. */
export const demoTags = [
  'Vegetariano',
  'Sopa',
  'Desayuno',
  'Postre',
  'Picante',
  'Cocina española',
  'Latinoamericana',
  'Rápida',
] as const

export type DemoRecipe = Omit<RecipeBody, 'tags'> & { tags: (typeof demoTags)[number][] }

/** Example recipes, oldest first, in Spanish and English with accented text to show search at work. */
export const demoRecipes: DemoRecipe[] = [
  {
    title: 'Sopa de lentejas',
    description: 'Una sopa espesa y reconfortante, típica de los días fríos.',
    ingredients: [
      '300 g de lentejas pardinas',
      '1 cebolla picada',
      '2 zanahorias en rodajas',
      '2 dientes de ajo',
      '1 cucharadita de pimentón dulce',
      '1 hoja de laurel',
      '1,5 l de caldo de verduras',
      'Aceite de oliva y sal',
    ],
    instructions: [
      'Sofríe la cebolla, la zanahoria y el ajo en aceite de oliva durante 8 minutos.',
      'Añade el pimentón, remueve y agrega enseguida las lentejas, el laurel y el caldo.',
      'Cocina a fuego lento 35–40 minutos, hasta que las lentejas estén tiernas.',
      'Rectifica de sal y sirve caliente.',
    ],
    servings: 4,
    notes: 'Está aún más rica al día siguiente.',
    tags: ['Sopa', 'Vegetariano', 'Cocina española'],
  },
  {
    title: 'Arepas de queso',
    description: 'Arepas doradas por fuera y tiernas por dentro, rellenas de queso fresco.',
    ingredients: [
      '2 tazas de harina de maíz precocida',
      '2½ tazas de agua tibia',
      '1 cucharadita de sal',
      '200 g de queso blanco rallado',
      '1 cucharada de mantequilla',
    ],
    instructions: [
      'Mezcla el agua con la sal y añade la harina poco a poco, amasando hasta obtener una masa suave.',
      'Incorpora la mitad del queso y deja reposar la masa 5 minutos.',
      'Forma 6 bolas, aplánalas a 1,5 cm de grosor y ásalas en un budare o sartén 6 minutos por lado.',
      'Ábrelas, úntalas con mantequilla y rellénalas con el resto del queso.',
    ],
    servings: 6,
    tags: ['Desayuno', 'Vegetariano', 'Latinoamericana'],
  },
  {
    title: 'Tortilla española',
    description: 'La clásica tortilla de patatas, jugosa por dentro.',
    ingredients: ['5 huevos', '600 g de patatas', '1 cebolla', 'Aceite de oliva virgen extra', 'Sal'],
    instructions: [
      'Pela y corta las patatas y la cebolla en láminas finas.',
      'Confítalas en abundante aceite a fuego medio unos 20 minutos, sin que se doren.',
      'Escúrrelas y mézclalas con los huevos batidos y la sal; deja reposar 10 minutos.',
      'Cuaja la mezcla en una sartén, dale la vuelta con un plato y termina 2 minutos más.',
    ],
    servings: 4,
    sourceUrl: 'https://es.wikipedia.org/wiki/Tortilla_de_patatas',
    tags: ['Cocina española', 'Vegetariano'],
  },
  {
    title: 'Guacamole con jalapeño',
    description: 'Guacamole fresco con un toque picante.',
    ingredients: [
      '3 aguacates maduros',
      '1 jalapeño sin semillas, picado',
      '½ cebolla morada',
      'Jugo de 1 limón',
      'Cilantro fresco',
      'Sal',
    ],
    instructions: [
      'Machaca los aguacates con el jugo de limón.',
      'Añade el jalapeño, la cebolla y el cilantro picados, y sazona con sal.',
    ],
    servings: 4,
    tags: ['Picante', 'Vegetariano', 'Rápida', 'Latinoamericana'],
  },
  {
    title: 'Crème brûlée',
    description: 'A silky vanilla custard under a crackling caramel crust.',
    ingredients: [
      '500 ml crème fraîche or double cream',
      '5 egg yolks',
      '100 g caster sugar',
      '1 vanilla pod',
    ],
    instructions: [
      'Heat the cream with the split vanilla pod until steaming; leave to infuse for 15 minutes.',
      'Whisk the yolks with 60 g of the sugar, then whisk in the warm cream.',
      'Pour into ramekins and bake in a water bath at 150 °C for 35 minutes; chill for 4 hours.',
      'Sprinkle with the remaining sugar and caramelise with a blowtorch.',
    ],
    servings: 6,
    notes: 'The custard should still wobble slightly in the centre when it leaves the oven.',
    tags: ['Postre'],
  },
  {
    title: 'Jalapeño poppers',
    description: 'Stuffed, breaded and baked jalapeños.',
    ingredients: [
      '12 jalapeños, halved and seeded',
      '200 g cream cheese',
      '100 g grated cheddar',
      '60 g panko breadcrumbs',
    ],
    instructions: [
      'Mix the cream cheese with the cheddar and fill the jalapeño halves.',
      'Top with panko and bake at 200 °C for 20 minutes until golden.',
    ],
    servings: 4,
    tags: ['Picante', 'Vegetariano'],
  },
  {
    title: 'Shakshuka',
    description: 'Eggs poached in a spiced tomato and pepper sauce.',
    ingredients: [
      '2 tbsp olive oil',
      '1 onion, sliced',
      '1 red pepper, sliced',
      '2 garlic cloves',
      '1 tsp cumin',
      '1 tsp smoked paprika',
      '400 g chopped tomatoes',
      '4 eggs',
    ],
    instructions: [
      'Soften the onion and pepper in the oil, then add the garlic and spices.',
      'Add the tomatoes and simmer for 10 minutes.',
      'Make four wells, crack in the eggs, cover and cook for 6–8 minutes.',
    ],
    servings: 2,
    tags: ['Desayuno', 'Vegetariano'],
  },
  {
    title: 'Churros con chocolate',
    description: 'Churros crujientes para mojar en chocolate espeso.',
    ingredients: [
      '250 ml de agua',
      '150 g de harina de trigo',
      '1 pizca de sal',
      'Aceite para freír',
      '200 g de chocolate negro',
      '500 ml de leche',
      '1 cucharada de maicena',
    ],
    instructions: [
      'Hierve el agua con la sal, añade la harina de golpe y remueve hasta formar una masa.',
      'Con una manga con boquilla de estrella, fríe tiras de masa en aceite caliente hasta dorarlas.',
      'Calienta la leche con el chocolate y la maicena disuelta, removiendo hasta que espese.',
    ],
    servings: 4,
    sourceUrl: 'https://es.wikipedia.org/wiki/Churro',
    tags: ['Postre', 'Desayuno', 'Cocina española'],
  },
]
