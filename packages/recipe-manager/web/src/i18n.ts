import { createContext, useContext } from 'react'
import type { RefusalCode } from '../../src/errors.js'
import type { Problem } from '../../src/recipes/rules.js'

/** The app's words in English and Spanish; counts go through Intl.PluralRules. */

export type UiLanguage = 'en' | 'es'

type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

function plural(language: UiLanguage, count: number, forms: Plural): string {
  const form = forms[new Intl.PluralRules(language).select(count)] ?? forms.other
  return form.replace('{n}', new Intl.NumberFormat(language).format(count))
}

const en = {
  appTitle: 'Recipes',
  image: 'Image',
  chooseImage: 'Choose an image',
  replaceImage: 'Replace the image',
  removeImage: 'Remove the image',
  imageHint: 'JPEG, PNG, WebP, GIF, AVIF or HEIF, up to 10 MB.',
  imageNotImage: 'This file is not an image.',
  imageTooLarge: 'This image is larger than 10 MB.',
  imageNotSaved: 'The recipe was saved, but not its image:',
  imageSkipped: 'image not imported',
  unreadableEntry: 'not a recipe this app can read.',
  duplicateSource: 'a recipe from the same source link already exists:',
  openRecipe: (id: number) => `recipe ${id}`,
  imageFromPage: 'The page’s image will be downloaded when you save.',
  skipToContent: 'Skip to content',
  uiLanguage: 'Language',
  navRecipes: 'Recipes',
  navNew: 'New recipe',
  navTags: 'Tags',
  navImport: 'Import',
  importTitle: 'Import and export',
  importRefused: 'The import did not work:',
  fromWebPage: 'From a web page',
  pageAddress: 'Page address',
  readRecipe: 'Read recipe',
  pasteHtml: 'Or paste the page’s HTML',
  fromFile: 'From an export file',
  fileFormats:
    'schema.org JSON (also Nextcloud Cookbook), Mealie export, Paprika (.paprikarecipes) or Tandoor export.',
  exportFile: 'Export file',
  importFile: 'Import file',
  importedCount: (count: number) =>
    plural('en', count, { one: '{n} recipe imported:', other: '{n} recipes imported:' }),
  skippedCount: (count: number) => plural('en', count, { one: '{n} skipped:', other: '{n} skipped:' }),
  exportTitle: 'Export',
  exportAll: 'Download all recipes (schema.org JSON)',
  exportThese: 'Download these recipes',
  duplicateWarning: 'You already have a recipe from this page:',
  suggestedTags: 'Tags from the page (select to create):',
  search: 'Search recipes',
  searchHint: 'Title, description or ingredient; accents and case do not matter',
  filterByTag: 'Filter by tag',
  clearFilters: 'Clear filters',
  recipeCount: (count: number) => plural('en', count, { one: '{n} recipe', other: '{n} recipes' }),
  recipeCountEstimate: (count: number) =>
    plural('en', count, { one: 'about {n} recipe', other: 'about {n} recipes' }),
  noRecipes: 'No recipe matches.',
  loading: 'Loading…',
  loadFailed: 'Something went wrong while loading. Check your connection and try again.',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  pagination: 'Pages',
  servings: 'Servings',
  servingsCount: (count: number) => plural('en', count, { one: '{n} serving', other: '{n} servings' }),
  scaleHint: 'Change the servings to scale the ingredients.',
  ingredients: 'Ingredients',
  steps: 'Steps',
  notes: 'Notes',
  tags: 'Tags',
  source: 'Source',
  edit: 'Edit',
  delete: 'Delete',
  print: 'Print',
  cookMode: 'Cook mode',
  exitCookMode: 'Leave cook mode',
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
  previousStep: 'Previous step',
  nextStep: 'Next step',
  screenAwake: 'The screen stays on while you cook.',
  notFound: 'This recipe does not exist (it may have been deleted).',
  backToRecipes: 'All recipes',
  confirmDeleteRecipe: (title: string) => `Delete “${title}”? This cannot be undone.`,
  cancel: 'Cancel',
  newRecipe: 'New recipe',
  editRecipe: (title: string) => `Edit “${title}”`,
  title: 'Title',
  description: 'Description',
  ingredient: (index: number) => `Ingredient ${index}`,
  step: (index: number) => `Step ${index}`,
  addIngredient: 'Add ingredient',
  addStep: 'Add step',
  moveUp: (what: string) => `Move ${what} up`,
  moveDown: (what: string) => `Move ${what} down`,
  remove: (what: string) => `Remove ${what}`,
  sourceUrl: 'Source link',
  newTagName: 'New tag',
  createTag: 'Create tag',
  save: 'Save',
  saving: 'Saving…',
  fixProblems: (count: number) =>
    plural('en', count, { one: 'Fix {n} problem before saving:', other: 'Fix {n} problems before saving:' }),
  serverRefused: 'The server refused the recipe:',
  /** A refusal of the service, by its `code` (src/errors.ts); `other` for any code not worded here. */
  refused: {
    unknown_tag: 'One of its tags no longer exists. Reload the page and choose the tags again.',
    tag_name_taken: 'A tag with this name already exists.',
    url_invalid: 'Enter a web address starting with http:// or https://.',
    url_refused: 'This server does not read addresses on a private or local network.',
    fetch_failed: 'The site could not be reached.',
    fetch_timeout: 'The site did not answer in time.',
    fetch_too_large: 'It is too large to read (more than 5 MB).',
    fetch_status: 'The site answered with an error.',
    fetch_redirects: 'The address sends on to other addresses too many times.',
    no_recipe: 'No recipe was found on this page.',
    image_unreadable: 'The image is not a JPEG, PNG, WebP, GIF, AVIF or HEIF file this app can read.',
    image_too_large: 'The image has too many pixels.',
    archive_too_large: 'The file unpacks to more than 256 MB. Export fewer recipes at a time.',
    not_found: 'It no longer exists; it may have been deleted meanwhile.',
    payload_too_large: 'It is too large to send.',
    other: 'The server could not do it.',
  } satisfies Partial<Record<RefusalCode, string>> & { other: string },
  networkFailed: 'The server could not be reached. Check your connection and try again.',
  tagsTitle: 'Tags',
  rename: 'Rename',
  tagName: 'Tag name',
  usedBy: (count: number) => plural('en', count, { one: 'used by {n} recipe', other: 'used by {n} recipes' }),
  confirmDeleteTag: (name: string, count: number) =>
    `Delete the tag “${name}”? ${plural('en', count, { one: 'It is removed from {n} recipe.', other: 'It is removed from {n} recipes.' })}`,
  noTags: 'No tags yet.',
  problem: (problem: Problem, label: string): string => {
    switch (problem.rule) {
      case 'required':
      case 'empty':
      case 'noItems':
        return `${label}: required.`
      case 'tooLong':
        return `${label}: at most ${problem.limit} characters.`
      case 'tooMany':
        return `${label}: at most ${problem.limit} items.`
      case 'min':
        return `${label}: at least ${problem.limit}.`
      case 'max':
        return `${label}: at most ${problem.limit}.`
      case 'url':
        return `${label}: enter a web address starting with http:// or https://.`
      case 'control':
        return `${label}: contains characters that are not allowed.`
      default:
        return `${label}: not valid.`
    }
  },
}

export type Messages = typeof en

const es: Messages = {
  appTitle: 'Recetas',
  image: 'Imagen',
  chooseImage: 'Elegir una imagen',
  replaceImage: 'Cambiar la imagen',
  removeImage: 'Quitar la imagen',
  imageHint: 'JPEG, PNG, WebP, GIF, AVIF o HEIF, de hasta 10 MB.',
  imageNotImage: 'Este archivo no es una imagen.',
  imageTooLarge: 'Esta imagen ocupa más de 10 MB.',
  imageNotSaved: 'La receta se guardó, pero su imagen no:',
  imageSkipped: 'imagen no importada',
  unreadableEntry: 'no es una receta que esta aplicación pueda leer.',
  duplicateSource: 'ya existe una receta del mismo enlace de origen:',
  openRecipe: (id) => `receta ${id}`,
  imageFromPage: 'La imagen de la página se descargará al guardar.',
  skipToContent: 'Saltar al contenido',
  uiLanguage: 'Idioma',
  navRecipes: 'Recetas',
  navNew: 'Nueva receta',
  navTags: 'Etiquetas',
  navImport: 'Importar',
  importTitle: 'Importar y exportar',
  importRefused: 'La importación no funcionó:',
  fromWebPage: 'Desde una página web',
  pageAddress: 'Dirección de la página',
  readRecipe: 'Leer receta',
  pasteHtml: 'O pega el HTML de la página',
  fromFile: 'Desde un archivo exportado',
  fileFormats:
    'JSON de schema.org (también Nextcloud Cookbook), exportación de Mealie, Paprika (.paprikarecipes) o exportación de Tandoor.',
  exportFile: 'Archivo exportado',
  importFile: 'Importar archivo',
  importedCount: (count) =>
    plural('es', count, { one: '{n} receta importada:', other: '{n} recetas importadas:' }),
  skippedCount: (count) => plural('es', count, { one: '{n} omitida:', other: '{n} omitidas:' }),
  exportTitle: 'Exportar',
  exportAll: 'Descargar todas las recetas (JSON de schema.org)',
  exportThese: 'Descargar estas recetas',
  duplicateWarning: 'Ya tienes una receta de esta página:',
  suggestedTags: 'Etiquetas de la página (elige para crearlas):',
  search: 'Buscar recetas',
  searchHint: 'Título, descripción o ingrediente; no importan tildes ni mayúsculas',
  filterByTag: 'Filtrar por etiqueta',
  clearFilters: 'Quitar filtros',
  recipeCount: (count) => plural('es', count, { one: '{n} receta', other: '{n} recetas' }),
  recipeCountEstimate: (count) =>
    plural('es', count, { one: 'aproximadamente {n} receta', other: 'aproximadamente {n} recetas' }),
  noRecipes: 'Ninguna receta coincide.',
  loading: 'Cargando…',
  loadFailed: 'Algo falló al cargar. Revisa la conexión e inténtalo de nuevo.',
  previous: 'Anterior',
  next: 'Siguiente',
  pageOf: (page, pages) => `Página ${page} de ${pages}`,
  pagination: 'Páginas',
  servings: 'Porciones',
  servingsCount: (count) => plural('es', count, { one: '{n} porción', other: '{n} porciones' }),
  scaleHint: 'Cambia las porciones para ajustar los ingredientes.',
  ingredients: 'Ingredientes',
  steps: 'Pasos',
  notes: 'Notas',
  tags: 'Etiquetas',
  source: 'Fuente',
  edit: 'Editar',
  delete: 'Eliminar',
  print: 'Imprimir',
  cookMode: 'Modo cocina',
  exitCookMode: 'Salir del modo cocina',
  stepOf: (step, total) => `Paso ${step} de ${total}`,
  previousStep: 'Paso anterior',
  nextStep: 'Paso siguiente',
  screenAwake: 'La pantalla se mantiene encendida mientras cocinas.',
  notFound: 'Esta receta no existe (quizá se eliminó).',
  backToRecipes: 'Todas las recetas',
  confirmDeleteRecipe: (title) => `¿Eliminar «${title}»? No se puede deshacer.`,
  cancel: 'Cancelar',
  newRecipe: 'Nueva receta',
  editRecipe: (title) => `Editar «${title}»`,
  title: 'Título',
  description: 'Descripción',
  ingredient: (index) => `Ingrediente ${index}`,
  step: (index) => `Paso ${index}`,
  addIngredient: 'Añadir ingrediente',
  addStep: 'Añadir paso',
  moveUp: (what) => `Subir ${what}`,
  moveDown: (what) => `Bajar ${what}`,
  remove: (what) => `Quitar ${what}`,
  sourceUrl: 'Enlace de origen',
  newTagName: 'Nueva etiqueta',
  createTag: 'Crear etiqueta',
  save: 'Guardar',
  saving: 'Guardando…',
  fixProblems: (count) =>
    plural('es', count, {
      one: 'Corrige {n} problema antes de guardar:',
      other: 'Corrige {n} problemas antes de guardar:',
    }),
  serverRefused: 'El servidor rechazó la receta:',
  refused: {
    unknown_tag: 'Una de sus etiquetas ya no existe. Recarga la página y vuelve a elegir las etiquetas.',
    tag_name_taken: 'Ya existe una etiqueta con este nombre.',
    url_invalid: 'Escribe una dirección web que empiece por http:// o https://.',
    url_refused: 'Este servidor no lee direcciones de una red privada o local.',
    fetch_failed: 'No se pudo contactar con el sitio.',
    fetch_timeout: 'El sitio no respondió a tiempo.',
    fetch_too_large: 'Es demasiado grande para leerlo (más de 5 MB).',
    fetch_status: 'El sitio respondió con un error.',
    fetch_redirects: 'La dirección redirige a otras demasiadas veces.',
    no_recipe: 'No se encontró ninguna receta en esta página.',
    image_unreadable:
      'La imagen no es un archivo JPEG, PNG, WebP, GIF, AVIF o HEIF que esta aplicación pueda leer.',
    image_too_large: 'La imagen tiene demasiados píxeles.',
    archive_too_large: 'El archivo ocupa más de 256 MB al descomprimirlo. Exporte menos recetas cada vez.',
    not_found: 'Ya no existe; puede que se haya eliminado mientras tanto.',
    payload_too_large: 'Es demasiado grande para enviarlo.',
    other: 'El servidor no pudo hacerlo.',
  },
  networkFailed: 'No se pudo contactar con el servidor. Revisa la conexión e inténtalo de nuevo.',
  tagsTitle: 'Etiquetas',
  rename: 'Renombrar',
  tagName: 'Nombre de la etiqueta',
  usedBy: (count) => plural('es', count, { one: 'en {n} receta', other: 'en {n} recetas' }),
  confirmDeleteTag: (name, count) =>
    `¿Eliminar la etiqueta «${name}»? ${plural('es', count, { one: 'Se quita de {n} receta.', other: 'Se quita de {n} recetas.' })}`,
  noTags: 'Aún no hay etiquetas.',
  problem: (problem, label) => {
    switch (problem.rule) {
      case 'required':
      case 'empty':
      case 'noItems':
        return `${label}: obligatorio.`
      case 'tooLong':
        return `${label}: como máximo ${problem.limit} caracteres.`
      case 'tooMany':
        return `${label}: como máximo ${problem.limit} elementos.`
      case 'min':
        return `${label}: como mínimo ${problem.limit}.`
      case 'max':
        return `${label}: como máximo ${problem.limit}.`
      case 'url':
        return `${label}: escribe una dirección web que empiece por http:// o https://.`
      case 'control':
        return `${label}: contiene caracteres no permitidos.`
      default:
        return `${label}: no es válido.`
    }
  },
}

export const MESSAGES: Record<UiLanguage, Messages> = { en, es }

const STORAGE_KEY = 'recipes.language'

export function initialUiLanguage(): UiLanguage {
  const stored = localStorage.getItem(STORAGE_KEY)
  if (stored === 'en' || stored === 'es') return stored
  return navigator.language.toLowerCase().startsWith('es') ? 'es' : 'en'
}

export function rememberUiLanguage(language: UiLanguage) {
  localStorage.setItem(STORAGE_KEY, language)
  document.documentElement.lang = language
}

export const UiContext = createContext<{ t: Messages; language: UiLanguage }>({ t: en, language: 'en' })

export const useUi = () => useContext(UiContext)
