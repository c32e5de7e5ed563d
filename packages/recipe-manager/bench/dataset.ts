/**
 * Deterministic recipe corpus for the benchmark. The vocabulary never contains the two search terms, so
 * their frequencies are controlled exactly: the selective term is planted in a fixed, small number of
 * recipes and the common term in about 30% of them. Text is English with Spanish and accented words mixed
 * in, so searches exercise non-ASCII data too.
 */

/** Matches fewer than 100 recipes at any corpus size. */
export const SELECTIVE_TERM = 'sumac'
/** Matches about COMMON_SHARE of the recipes. */
export const COMMON_TERM = 'garlic'
export const COMMON_SHARE = 0.3
const MAX_SELECTIVE_MATCHES = 60

export interface RecipeInput {
  title: string
  description: string
  ingredients: string[]
  instructions: string[]
  servings: number
}

export interface Corpus {
  recipes: RecipeInput[]
  /** How many recipes contain each term in title, description or ingredients (what the service searches). */
  expectedMatches: { selective: number; common: number; folded: number }
}

/** mulberry32: tiny, fast, and identical on every platform, so every run measures the same data. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const DISH_PREFIXES = [
  'Smoky',
  'Crispy',
  'Slow-Cooked',
  'Roasted',
  'Grilled',
  'Spicy',
  'Creamy',
  'Lemony',
  'Rustic',
  'Weeknight',
  'Classic',
  'Herbed',
  'Honey-Glazed',
  'Braised',
  'Pan-Seared',
  'Golden',
  "Grandma's",
  'Quick',
  'Sticky',
  'Charred',
]
const DISH_MAINS = [
  'Chicken Thighs',
  'Salmon',
  'Chickpea Stew',
  'Pork Shoulder',
  'Cauliflower',
  'Beef Ragù',
  'Lentil Soup',
  'Shrimp Tacos',
  'Mushroom Risotto',
  'Sweet Potatoes',
  'Tofu',
  'Lamb Chops',
  'Eggplant',
  'Black Bean Chili',
  'Cod',
  'Butternut Squash',
  'Turkey Meatballs',
  'Halloumi',
  'Pasta',
  'Brussels Sprouts',
]
const DISH_STYLES = [
  'with Herb Salsa',
  'and Crème Fraîche',
  'with Jalapeño Lime Dressing',
  'Traybake',
  'Bowl',
  'with Brown Butter',
  'al Horno',
  'with Romesco',
  'Skillet',
  'with Piñones',
  'and Gruyère Gratin',
  'with Chimichurri',
  'Salad',
  'Curry',
  'with Mojo Verde',
  'Sandwiches',
  'Casserole',
  'with Tahini Sauce',
  'a la Plancha',
  'Soup',
]
const SPANISH_TITLES = [
  'Tortilla Española',
  'Paella Valenciana',
  'Crema Catalana',
  'Arroz con Leche',
  'Gazpacho Andaluz',
  'Pollo al Ajillo',
  'Churros con Chocolate',
  'Patatas Bravas',
  'Salmorejo Cordobés',
  'Albóndigas en Salsa',
  'Fabada Asturiana',
  'Pimientos de Padrón',
  'Empanada Gallega',
  'Flan de Huevo',
  'Piña Colada Casera',
]
const DESCRIPTION_OPENERS = [
  'A weeknight favourite that comes together in one pan.',
  'Bright, fresh and ready in under forty minutes.',
  'Comfort food for cold evenings, best made a day ahead.',
  'Una receta tradicional, sencilla y llena de sabor.',
  'Perfect for meal prep: it keeps for four days in the fridge.',
  'A crowd-pleaser for potlucks and family dinners.',
  'Receta de la abuela, con un toque moderno.',
  'Light enough for lunch, hearty enough for dinner.',
  'Our take on a café classic, crème de la crème.',
  'Smoky, tangy and a little bit sweet.',
]
const DESCRIPTION_CLOSERS = [
  'Serve with crusty bread.',
  'Sirve con arroz blanco o una ensalada verde.',
  'Leftovers reheat beautifully.',
  'Double the batch and freeze half.',
  'Add extra chile if you like heat.',
  'Pairs well with a crisp white wine.',
  'Ideal para compartir.',
  'Kids love it too.',
]
const INGREDIENTS = [
  '2 tbsp olive oil',
  '3 cucharadas de aceite de oliva virgen extra',
  '1 yellow onion, diced',
  '1 cebolla morada, en juliana',
  '2 carrots, sliced',
  '2 celery stalks, chopped',
  '1 tsp kosher salt',
  '1/2 tsp black pepper',
  '1 tsp smoked paprika',
  '1 cucharadita de pimentón de la Vera',
  '1 tsp ground cumin',
  '1 handful fresh cilantro',
  '2 tbsp flat-leaf parsley, chopped',
  '2 tbsp lemon juice',
  'ralladura de 1 limón',
  '3 tbsp unsalted butter',
  '200 ml heavy cream',
  '4 tbsp crème fraîche',
  '50 g parmesan, grated',
  '100 g gruyère, grated',
  '1 jalapeño, seeded and sliced',
  '500 ml chicken stock',
  '1 litro de caldo de verduras',
  '400 g canned tomatoes',
  '400 g de tomate triturado',
  '300 g basmati rice',
  '320 g de arroz bomba',
  '250 g all-purpose flour',
  '100 g de azúcar moreno',
  '2 large eggs',
  '4 huevos camperos',
  '4 sprigs fresh thyme',
  '2 rosemary sprigs',
  '2 bay leaves',
  '120 ml dry white wine',
  '1 tbsp honey',
  '1 tbsp Dijon mustard',
  '2 tbsp soy sauce',
  '1 tsp sesame oil',
  '1 tbsp fresh ginger, grated',
  '4 scallions, thinly sliced',
  '150 g baby spinach',
  '100 g feta, crumbled',
  '1 can chickpeas, drained',
  '400 ml coconut milk',
  '1/2 tsp red pepper flakes',
  '2 tbsp maple syrup',
  '30 g de piñones tostados',
  '100 g de queso manchego',
  '250 g de champiñones laminados',
]
const COMMON_TERM_LINES = [
  '4 cloves garlic, minced',
  '1 tsp garlic powder',
  '1 head roasted garlic',
  '2 tbsp garlic butter',
]
const SELECTIVE_TERM_LINES = ['1 tbsp ground sumac', '2 tsp sumac, plus more to serve']
const STEPS = [
  'Preheat the oven to 200 °C.',
  'Heat the oil in a large pan over medium heat.',
  'Season generously with salt and pepper.',
  'Cook, stirring occasionally, until softened, about 8 minutes.',
  'Add the liquid and bring to a gentle simmer.',
  'Cover and cook for 25 minutes, until tender.',
  'Transfer to a baking dish and roast for 20 minutes.',
  'Whisk the dressing ingredients together in a small bowl.',
  'Remove from the heat and let rest for 5 minutes.',
  'Taste and adjust the seasoning.',
  'Añade las hierbas frescas justo antes de servir.',
  'Divide between plates and finish with a drizzle of oil.',
]

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!
}

function pickDistinct<T>(random: () => number, items: readonly T[], count: number): T[] {
  const chosen = new Set<T>()
  while (chosen.size < count) chosen.add(pick(random, items))
  return [...chosen]
}

function titleFor(random: () => number): string {
  if (random() < 0.12) return pick(random, SPANISH_TITLES)
  return `${pick(random, DISH_PREFIXES)} ${pick(random, DISH_MAINS)} ${pick(random, DISH_STYLES)}`
}

/** Generates one recipe; `withCommon`/`withSelective` plant the search terms. */
function recipeFor(random: () => number, withCommon: boolean, withSelective: boolean): RecipeInput {
  let title = titleFor(random)
  const ingredients = pickDistinct(random, INGREDIENTS, 4 + Math.floor(random() * 7))
  if (withCommon) ingredients.splice(1, 0, pick(random, COMMON_TERM_LINES))
  if (withSelective) {
    ingredients.push(pick(random, SELECTIVE_TERM_LINES))
    if (random() < 0.5) title = `Sumac ${title}`
  }
  const instructions = pickDistinct(random, STEPS, 3 + Math.floor(random() * 4))
  const description = `${pick(random, DESCRIPTION_OPENERS)} ${pick(random, DESCRIPTION_CLOSERS)}`
  return { title, description, ingredients, instructions, servings: 1 + Math.floor(random() * 8) }
}

/** How many recipes the service's search (title, description, ingredients; case-insensitive) matches. */
/** Accents and case off, as the service's search compares text. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()

export function countMatches(recipes: readonly RecipeInput[], term: string): number {
  const needle = folded(term)
  return recipes.filter((recipe) =>
    [recipe.title, recipe.description, ...recipe.ingredients].some((text) => folded(text).includes(needle)),
  ).length
}

/** Written without its accent, it finds "piñones" and "Piñones": the accent-folded search. */
export const FOLDED_TERM = 'pinones'

/**
 * The tags planted for the tag-filter scenario, by recipe position: `quick` on every 10th recipe,
 * `family` on every 3rd; both on every 30th.
 */
export const TAG_PLAN = { quick: 10, family: 3 } as const
export const tagsAt = (index: number) =>
  (Object.entries(TAG_PLAN) as [keyof typeof TAG_PLAN, number][])
    .filter(([, every]) => index % every === 0)
    .map(([name]) => name)

/** The benchmark corpus of `size` recipes. The same size always yields the same recipes. */
export function generateCorpus(size: number, seed = 20260324): Corpus {
  const random = createRandom(seed)
  const selectiveCount = Math.max(1, Math.min(MAX_SELECTIVE_MATCHES, Math.floor(size / 100)))
  const selectiveStride = Math.floor(size / selectiveCount)
  const recipes: RecipeInput[] = []
  for (let index = 0; index < size; index++) {
    const withSelective =
      index % selectiveStride === Math.floor(selectiveStride / 2) &&
      Math.floor(index / selectiveStride) < selectiveCount
    recipes.push(recipeFor(random, random() < COMMON_SHARE, withSelective))
  }
  return {
    recipes,
    expectedMatches: {
      selective: countMatches(recipes, SELECTIVE_TERM),
      common: countMatches(recipes, COMMON_TERM),
      folded: countMatches(recipes, FOLDED_TERM),
    },
  }
}

/** Bodies for the create scenario: same generator, its own seed, never containing the selective term. */
export function generateCreateBodies(count: number): RecipeInput[] {
  const random = createRandom(7)
  return Array.from({ length: count }, () => recipeFor(random, random() < COMMON_SHARE, false))
}
