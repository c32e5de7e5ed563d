import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { ApiError, createTag, deleteTag, listTags, renameTag, type Tag, tagUsage } from '../api.js'
import { ConfirmDialog } from '../ConfirmDialog.js'
import { useUi } from '../i18n.js'
import { refusalText } from '../refusal.js'
import { Link } from '../router.js'

type Counted = Tag & { usage: number }

export function TagsPage() {
  const { t } = useUi()
  const [tags, setTags] = useState<Counted[] | undefined>()
  const [failed, setFailed] = useState(false)
  const [newName, setNewName] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [deleting, setDeleting] = useState<Counted | undefined>()

  const load = useCallback(async () => {
    try {
      const { tags: list } = await listTags()
      setTags(await Promise.all(list.map(async (tag) => ({ ...tag, usage: await tagUsage(tag.id) }))))
    } catch {
      setFailed(true)
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load])

  const create = async (event: FormEvent) => {
    event.preventDefault()
    setError(undefined)
    try {
      await createTag(newName)
      setNewName('')
      await load()
    } catch (caught) {
      setError(refusalText(caught, t))
    }
  }

  return (
    <>
      <h1>{t.tagsTitle}</h1>
      <form className="inline-create" onSubmit={create}>
        <label htmlFor="create-tag">{t.newTagName}</label>
        <input id="create-tag" value={newName} onChange={(event) => setNewName(event.target.value)} />
        <button type="submit" className="primary" disabled={newName.trim() === ''}>
          {t.createTag}
        </button>
      </form>
      {error && (
        <p className="problem" role="alert">
          {error}
        </p>
      )}
      {failed && <p>{t.loadFailed}</p>}
      {!tags && !failed && <p>{t.loading}</p>}
      {tags?.length === 0 && <p>{t.noTags}</p>}
      {tags && tags.length > 0 && (
        <ul className="tag-list">
          {tags.map((tag) => (
            <TagRow
              key={`${tag.id}-${tag.name}`}
              tag={tag}
              onChanged={load}
              onDelete={() => setDeleting(tag)}
            />
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          message={t.confirmDeleteTag(deleting.name, deleting.usage)}
          confirmLabel={t.delete}
          onCancel={() => setDeleting(undefined)}
          onConfirm={async () => {
            setDeleting(undefined)
            setError(undefined)
            try {
              await deleteTag(deleting.id)
            } catch (caught) {
              // A tag deleted meanwhile (another tab) is gone as asked; the list is read again below.
              if (!(caught instanceof ApiError && caught.status === 404)) setError(refusalText(caught, t))
            }
            await load()
          }}
        />
      )}
    </>
  )
}

function TagRow({ tag, onChanged, onDelete }: { tag: Counted; onChanged: () => void; onDelete: () => void }) {
  const { t } = useUi()
  const [name, setName] = useState(tag.name)
  const [error, setError] = useState<string | undefined>()
  const inputId = `tag-${tag.id}`
  const rename = async (event: FormEvent) => {
    event.preventDefault()
    setError(undefined)
    try {
      await renameTag(tag.id, name)
      onChanged()
    } catch (caught) {
      setError(refusalText(caught, t))
    }
  }
  return (
    <li>
      <form onSubmit={rename} className="tag-row">
        <label htmlFor={inputId} className="visually-hidden">
          {t.tagName}
        </label>
        <input id={inputId} value={name} onChange={(event) => setName(event.target.value)} />
        <Link to={`/?tag=${tag.id}`} className="usage">
          {t.usedBy(tag.usage)}
        </Link>
        <button type="submit" disabled={name.trim() === '' || name === tag.name}>
          {t.rename}
        </button>
        <button type="button" className="danger" onClick={onDelete}>
          {t.delete}
        </button>
      </form>
      {error && (
        <p className="problem" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}
