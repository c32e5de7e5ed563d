import { type FormEvent, useEffect, useRef, useState } from 'react'
import { checkRecipeBody, type Problem } from '../../../src/recipes/rules.js'
import {
  ApiError,
  createTag,
  getRecipe,
  imageFromUrl,
  listTags,
  type Recipe,
  removeImage,
  saveRecipe,
  type Tag,
  uploadImage,
} from '../api.js'
import { useUi } from '../i18n.js'
import { takeDraft } from '../import/draft.js'
import { placeOf } from '../problem-place.js'
import { refusalText } from '../refusal.js'
import { Link, navigate } from '../router.js'
import { type ImageChoice, ImageField } from './ImageField.js'
import { type Line, LineList, linesOf } from './LineList.js'

interface Form {
  title: string
  description: string
  servings: string
  ingredients: Line[]
  instructions: Line[]
  sourceUrl: string
  notes: string
  tags: number[]
}

const emptyForm = (): Form => ({
  title: '',
  description: '',
  servings: '',
  ingredients: linesOf(['']),
  instructions: linesOf(['']),
  sourceUrl: '',
  notes: '',
  tags: [],
})

/** The body the API takes; optional fields left blank are left out, so the rules see what the server sees. */
function bodyOf(form: Form): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: form.title,
    ingredients: form.ingredients.map((line) => line.text),
    instructions: form.instructions.map((line) => line.text),
    tags: form.tags,
  }
  if (form.description.trim()) body.description = form.description
  if (form.notes.trim()) body.notes = form.notes
  if (form.sourceUrl.trim()) body.sourceUrl = form.sourceUrl
  if (form.servings.trim()) body.servings = Number(form.servings)
  return body
}

export function RecipeForm({ id }: { id?: number }) {
  const { t } = useUi()
  const [form, setForm] = useState<Form | undefined>(id === undefined ? emptyForm() : undefined)
  const [title, setTitle] = useState('')
  const [tags, setTags] = useState<Tag[]>([])
  const [problems, setProblems] = useState<Problem[]>([])
  const [refusal, setRefusal] = useState<string | undefined>()
  const [saving, setSaving] = useState(false)
  const [newTag, setNewTag] = useState('')
  const [tagError, setTagError] = useState<string | undefined>()
  const [suggested, setSuggested] = useState<string[]>([])
  const [duplicateOf, setDuplicateOf] = useState<number | undefined>()
  const [currentImage, setCurrentImage] = useState<Recipe['image']>()
  const [image, setImage] = useState<ImageChoice>({ kind: 'keep' })
  const [savedWithoutImage, setSavedWithoutImage] = useState<number | undefined>()
  const summary = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const imported =
      id === undefined && new URLSearchParams(location.search).has('imported') ? takeDraft() : undefined
    listTags().then(
      (body) => {
        setTags(body.tags)
        if (!imported) return
        // The page's keywords that name existing tags are chosen; the others are offered.
        const byName = new Map(body.tags.map((tag) => [tag.name.toLowerCase(), tag.id]))
        const chosen = imported.tagNames.flatMap((name) => byName.get(name.toLowerCase()) ?? [])
        setSuggested(imported.tagNames.filter((name) => !byName.has(name.toLowerCase())))
        setForm((current) => current && { ...current, tags: [...new Set(chosen)] })
      },
      () => setTags([]),
    )
    if (imported) {
      const { draft } = imported
      setDuplicateOf(imported.duplicateOf)
      if (imported.imageUrl) setImage({ kind: 'url', url: imported.imageUrl })
      setForm({
        ...emptyForm(),
        title: draft.title,
        description: draft.description ?? '',
        servings: draft.servings === undefined ? '' : String(draft.servings),
        ingredients: linesOf(draft.ingredients.length > 0 ? draft.ingredients : ['']),
        instructions: linesOf(draft.instructions.length > 0 ? draft.instructions : ['']),
        sourceUrl: draft.sourceUrl ?? '',
        notes: draft.notes ?? '',
      })
    }
    if (id === undefined) return
    getRecipe(id).then(
      ({ recipe }) => {
        setTitle(recipe.title)
        setCurrentImage(recipe.image)
        setForm({
          title: recipe.title,
          description: recipe.description ?? '',
          servings: recipe.servings === undefined ? '' : String(recipe.servings),
          ingredients: linesOf(recipe.ingredients),
          instructions: linesOf(recipe.instructions),
          sourceUrl: recipe.sourceUrl ?? '',
          notes: recipe.notes ?? '',
          tags: recipe.tags.map((tag) => tag.id),
        })
      },
      () => setRefusal(t.loadFailed),
    )
  }, [id, t])

  useEffect(() => {
    if (problems.length > 0 || refusal) summary.current?.focus()
  }, [problems, refusal])

  if (!form) return <p>{refusal ?? t.loading}</p>
  const update = (change: Partial<Form>) => setForm({ ...form, ...change })
  const problemsOf = (input: string) =>
    problems
      .filter((problem) => placeOf(problem, t).input === input)
      .map((problem) => t.problem(problem, placeOf(problem, t).label))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const body = bodyOf(form)
    const check = checkRecipeBody(body)
    setProblems(check.problems)
    setRefusal(undefined)
    if (check.problems.length > 0) return
    setSaving(true)
    try {
      // After a saved recipe's image failed, saving again updates that recipe rather than adding one.
      const { recipe } = await saveRecipe(body, id ?? savedWithoutImage)
      try {
        await saveImage(recipe.id)
      } catch (error) {
        // The recipe is saved; say what happened to the image instead of leaving silently.
        setSavedWithoutImage(recipe.id)
        setRefusal(`${t.imageNotSaved} ${refusalText(error, t)}`)
        setSaving(false)
        return
      }
      navigate(`/recipes/${recipe.id}`)
    } catch (error) {
      // Rules the form did not check (or checked differently) come back as problems, shown at their fields.
      if (error instanceof ApiError && error.problems.length > 0) setProblems(error.problems)
      else setRefusal(refusalText(error, t))
      setSaving(false)
    }
  }

  const saveImage = async (recipeId: number) => {
    if (image.kind === 'file') await uploadImage(recipeId, image.file)
    else if (image.kind === 'url') await imageFromUrl(recipeId, image.url)
    else if (image.kind === 'remove' && currentImage) await removeImage(recipeId)
  }

  const addTag = async (name = newTag) => {
    setTagError(undefined)
    try {
      const { tag } = await createTag(name)
      setTags([...tags, tag].sort((a, b) => a.name.localeCompare(b.name)))
      update({ tags: [...form.tags, tag.id] })
      setSuggested(suggested.filter((other) => other !== name))
      if (name === newTag) setNewTag('')
    } catch (error) {
      setTagError(refusalText(error, t))
    }
  }

  const field = (name: 'title' | 'description' | 'sourceUrl' | 'notes', label: string, multiline = false) => {
    const messages = problemsOf(name)
    const props = {
      id: name,
      value: form[name],
      'aria-invalid': messages.length > 0 || undefined,
      'aria-describedby': messages.length > 0 ? `${name}-problem` : undefined,
      onChange: (event: { target: { value: string } }) => update({ [name]: event.target.value }),
    }
    return (
      <div className="field">
        <label htmlFor={name}>{label}</label>
        {multiline ? (
          <textarea rows={3} {...props} />
        ) : (
          <input type={name === 'sourceUrl' ? 'url' : 'text'} {...props} />
        )}
        {messages.length > 0 && (
          <p id={`${name}-problem`} className="problem">
            {messages.join(' ')}
          </p>
        )}
      </div>
    )
  }

  return (
    <form className="recipe-form" onSubmit={submit} noValidate>
      <h1>{id === undefined ? t.newRecipe : t.editRecipe(title)}</h1>
      {(problems.length > 0 || refusal) && (
        <div className="error-summary" role="alert" tabIndex={-1} ref={summary}>
          {problems.length > 0 ? (
            <>
              <p>{t.fixProblems(problems.length)}</p>
              <ul>
                {problems.map((problem) => {
                  const place = placeOf(problem, t)
                  return (
                    <li key={`${problem.field}-${problem.rule}`}>
                      <a href={`#${place.input}`}>{t.problem(problem, place.label)}</a>
                    </li>
                  )
                })}
              </ul>
            </>
          ) : savedWithoutImage !== undefined ? (
            <p>
              {refusal} <Link to={`/recipes/${savedWithoutImage}`}>{form.title}</Link>
            </p>
          ) : (
            <p>
              {t.serverRefused} {refusal}
            </p>
          )}
        </div>
      )}
      {duplicateOf !== undefined && (
        <p className="notice">
          {t.duplicateWarning} <Link to={`/recipes/${duplicateOf}`}>#{duplicateOf}</Link>
        </p>
      )}
      {field('title', t.title)}
      {field('description', t.description, true)}
      <div className="field narrow">
        <label htmlFor="servings">{t.servings}</label>
        <input
          id="servings"
          type="number"
          inputMode="numeric"
          min={1}
          value={form.servings}
          aria-invalid={problemsOf('servings').length > 0 || undefined}
          aria-describedby={problemsOf('servings').length > 0 ? 'servings-problem' : undefined}
          onChange={(event) => update({ servings: event.target.value })}
        />
        {problemsOf('servings').length > 0 && (
          <p id="servings-problem" className="problem">
            {problemsOf('servings').join(' ')}
          </p>
        )}
      </div>
      <LineList
        name="ingredients"
        legend={t.ingredients}
        lines={form.ingredients}
        labelOf={t.ingredient}
        addLabel={t.addIngredient}
        problemsOf={problemsOf}
        onChange={(ingredients) => update({ ingredients })}
      />
      <LineList
        name="instructions"
        legend={t.steps}
        lines={form.instructions}
        labelOf={t.step}
        addLabel={t.addStep}
        multiline
        problemsOf={problemsOf}
        onChange={(instructions) => update({ instructions })}
      />
      <fieldset className="chips">
        <legend>{t.tags}</legend>
        {tags.map((tag) => (
          <label key={tag.id} className="chip-check">
            <input
              type="checkbox"
              checked={form.tags.includes(tag.id)}
              onChange={(event) =>
                update({
                  tags: event.target.checked
                    ? [...form.tags, tag.id]
                    : form.tags.filter((other) => other !== tag.id),
                })
              }
            />
            {tag.name}
          </label>
        ))}
        {suggested.length > 0 && (
          <p className="suggested">
            {t.suggestedTags}{' '}
            {suggested.map((name) => (
              <button key={name} type="button" className="chip" onClick={() => void addTag(name)}>
                + {name}
              </button>
            ))}
          </p>
        )}
        <div className="inline-create">
          <label htmlFor="new-tag">{t.newTagName}</label>
          <input
            id="new-tag"
            value={newTag}
            onChange={(event) => setNewTag(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                void addTag()
              }
            }}
          />
          <button type="button" onClick={() => void addTag()} disabled={newTag.trim() === ''}>
            {t.createTag}
          </button>
          {tagError && <p className="problem">{tagError}</p>}
        </div>
      </fieldset>
      <ImageField current={currentImage} choice={image} title={form.title} onChange={setImage} />
      {field('sourceUrl', t.sourceUrl)}
      {field('notes', t.notes, true)}
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? t.saving : t.save}
        </button>
        <button type="button" onClick={() => history.back()}>
          {t.cancel}
        </button>
      </div>
    </form>
  )
}
