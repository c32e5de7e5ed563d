import { useEffect, useState } from 'react'
import type { Recipe } from '../api.js'
import { useUi } from '../i18n.js'

/** The service's limit on an uploaded image (src/recipes/images/resize.ts). */
const IMAGE_MAX_BYTES = 10 * 1024 * 1024

/**
 * What saving does to the recipe's image: keep it, upload a chosen file, download the imported page's
 * image, or remove it.
 */
export type ImageChoice =
  | { kind: 'keep' }
  | { kind: 'file'; file: File }
  | { kind: 'url'; url: string }
  | { kind: 'remove' }

/** The image part of the recipe form: a preview (alt text: the title), choose or replace, remove. */
export function ImageField({
  current,
  choice,
  title,
  onChange,
}: {
  current: Recipe['image']
  choice: ImageChoice
  title: string
  onChange: (choice: ImageChoice) => void
}) {
  const { t } = useUi()
  const [problem, setProblem] = useState<string | undefined>()
  const [filePreview, setFilePreview] = useState<string | undefined>()

  useEffect(() => {
    if (choice.kind !== 'file') return setFilePreview(undefined)
    const address = URL.createObjectURL(choice.file)
    setFilePreview(address)
    return () => URL.revokeObjectURL(address)
  }, [choice])

  // The imported page's image is not shown before saving: the app loads images from its own server only.
  const preview =
    choice.kind === 'file' ? filePreview : choice.kind === 'keep' ? current?.thumbnailUrl : undefined

  const choose = (file: File | undefined) => {
    setProblem(undefined)
    if (!file) return
    if (!file.type.startsWith('image/')) return setProblem(t.imageNotImage)
    if (file.size > IMAGE_MAX_BYTES) return setProblem(t.imageTooLarge)
    onChange({ kind: 'file', file })
  }

  return (
    <fieldset className="image-field">
      <legend>{t.image}</legend>
      {preview && <img src={preview} alt={title || t.image} className="image-preview" />}
      {choice.kind === 'url' && <p className="notice">{t.imageFromPage}</p>}
      <label htmlFor="image-file" className="image-choose">
        {preview ? t.replaceImage : t.chooseImage}
      </label>
      <input
        id="image-file"
        type="file"
        accept="image/*"
        aria-describedby={problem ? 'image-problem' : 'image-hint'}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <p id="image-hint" className="hint">
        {t.imageHint}
      </p>
      {(preview || choice.kind === 'url') && (
        <button type="button" onClick={() => onChange({ kind: 'remove' })}>
          {t.removeImage}
        </button>
      )}
      {problem && (
        <p id="image-problem" className="problem" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  )
}
