import { useEffect, useState } from 'react'
import { scaleLine } from '../../../src/scaling/quantities.js'
import { ApiError, deleteRecipe, getRecipe, type Recipe } from '../api.js'
import { ConfirmDialog } from '../ConfirmDialog.js'
import { useUi } from '../i18n.js'
import { refusalText } from '../refusal.js'
import { Link, navigate } from '../router.js'
import { CookMode } from './CookMode.js'

type Loaded =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed' }
  | { status: 'ready'; recipe: Recipe }

export function RecipePage({ id }: { id: number }) {
  const { t } = useUi()
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' })
  const [servings, setServings] = useState<number | undefined>()
  const [cooking, setCooking] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [deleteRefusal, setDeleteRefusal] = useState<string | undefined>()

  useEffect(() => {
    getRecipe(id).then(
      ({ recipe }) => {
        setLoaded({ status: 'ready', recipe })
        setServings(recipe.servings ?? 1)
        document.title = recipe.title
      },
      (error: unknown) =>
        setLoaded({ status: error instanceof ApiError && error.status === 404 ? 'missing' : 'failed' }),
    )
  }, [id])

  if (loaded.status === 'loading') return <p>{t.loading}</p>
  if (loaded.status !== 'ready') {
    return (
      <p>
        {loaded.status === 'missing' ? t.notFound : t.loadFailed} <Link to="/">{t.backToRecipes}</Link>
      </p>
    )
  }
  const { recipe } = loaded
  const base = recipe.servings ?? 1
  const factor = (servings ?? base) / base
  const ingredients = recipe.ingredients.map((line) => scaleLine(line, factor))

  if (cooking) {
    return <CookMode recipe={recipe} ingredients={ingredients} onExit={() => setCooking(false)} />
  }
  return (
    <article className="recipe">
      <h1>{recipe.title}</h1>
      {recipe.image && (
        <img
          src={recipe.image.url}
          alt={recipe.title}
          width={recipe.image.width}
          height={recipe.image.height}
          className="hero-image"
        />
      )}
      {recipe.description && <p className="lead">{recipe.description}</p>}
      {recipe.tags.length > 0 && (
        <p className="meta">
          <span className="visually-hidden">{t.tags}: </span>
          {recipe.tags.map((tag) => (
            <Link key={tag.id} to={`/?tag=${tag.id}`} className="tag">
              {tag.name}
            </Link>
          ))}
        </p>
      )}
      <div className="toolbar no-print">
        <button type="button" className="primary" onClick={() => setCooking(true)}>
          {t.cookMode}
        </button>
        <button type="button" onClick={() => print()}>
          {t.print}
        </button>
        <Link to={`/recipes/${recipe.id}/edit`} className="button">
          {t.edit}
        </Link>
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          {t.delete}
        </button>
      </div>
      {deleteRefusal && (
        <p className="problem no-print" role="alert">
          {deleteRefusal}
        </p>
      )}
      <section aria-labelledby="ingredients-heading">
        <div className="section-head">
          <h2 id="ingredients-heading">{t.ingredients}</h2>
          <div className="scaler">
            <label htmlFor="servings">{t.servings}</label>
            <button
              type="button"
              className="no-print"
              aria-label="−1"
              onClick={() => setServings(Math.max(1, (servings ?? base) - 1))}
            >
              −
            </button>
            <input
              id="servings"
              type="number"
              min={1}
              max={10000}
              inputMode="numeric"
              value={servings ?? ''}
              aria-describedby="scale-hint"
              onChange={(event) => {
                const value = Number(event.target.value)
                setServings(Number.isInteger(value) && value > 0 ? value : undefined)
              }}
            />
            <button
              type="button"
              className="no-print"
              aria-label="+1"
              onClick={() => setServings((servings ?? base) + 1)}
            >
              +
            </button>
          </div>
        </div>
        <p id="scale-hint" className="hint no-print">
          {t.scaleHint}
        </p>
        <ul className="ingredients">
          {ingredients.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed while the page is shown.
            <li key={index}>{line}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="steps-heading">
        <h2 id="steps-heading">{t.steps}</h2>
        <ol className="steps">
          {recipe.instructions.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are fixed while the page is shown.
            <li key={index}>{step}</li>
          ))}
        </ol>
      </section>
      {recipe.notes && (
        <section aria-labelledby="notes-heading">
          <h2 id="notes-heading">{t.notes}</h2>
          <p className="notes">{recipe.notes}</p>
        </section>
      )}
      {recipe.sourceUrl && (
        <p>
          {t.source}:{' '}
          <a href={recipe.sourceUrl} rel="noreferrer noopener" target="_blank">
            {new URL(recipe.sourceUrl).hostname}
          </a>
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          message={t.confirmDeleteRecipe(recipe.title)}
          confirmLabel={t.delete}
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            setConfirming(false)
            try {
              await deleteRecipe(recipe.id)
            } catch (error) {
              // Deleted meanwhile (another tab): what the reader asked for is done.
              if (!(error instanceof ApiError && error.status === 404)) {
                setDeleteRefusal(refusalText(error, t))
                return
              }
            }
            navigate('/')
          }}
        />
      )}
    </article>
  )
}
