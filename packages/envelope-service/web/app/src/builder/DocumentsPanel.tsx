import { useId, useRef, useState } from 'react'
import { type BuilderDocument, extensionOf } from './model.js'
import type { BuilderWords } from './words.js'

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000))
  }
  return btoa(binary)
}

interface Props {
  documents: BuilderDocument[]
  hasPages: (documentId: string) => boolean
  words: BuilderWords
  /** `added`: the bytes of new PDFs, drawn before saving; other formats wait for the server's conversion. */
  onChange: (documents: BuilderDocument[], added?: Record<string, Uint8Array>) => void
}

const nextId = (documents: BuilderDocument[]) =>
  String(documents.reduce((max, document) => Math.max(max, Number(document.documentId) || 0), 0) + 1)

async function read(file: File, documentId: string) {
  const extension = extensionOf(file.name) as string
  const bytes = new Uint8Array(await file.arrayBuffer())
  const document: BuilderDocument = {
    documentId,
    name: file.name.replace(/\.[^.]+$/, '') || file.name,
    fileExtension: extension,
    base64: toBase64(bytes),
  }
  return { document, bytes: extension === 'pdf' ? bytes : undefined }
}

/** Uploads (picker or drop), order, replace and remove. */
export function DocumentsPanel({ documents, hasPages, words, onChange }: Props) {
  const inputId = useId()
  const [rejected, setRejected] = useState<string[]>([])
  const [over, setOver] = useState(false)
  const replacing = useRef<string>(undefined)
  const replaceInput = useRef<HTMLInputElement>(null)

  const add = async (files: File[]) => {
    setRejected(files.filter((file) => !extensionOf(file.name)).map((file) => file.name))
    let list = documents
    const added: Record<string, Uint8Array> = {}
    for (const file of files.filter((candidate) => extensionOf(candidate.name))) {
      const { document, bytes } = await read(file, nextId(list))
      list = [...list, document]
      if (bytes) added[document.documentId] = bytes
    }
    onChange(list, added)
  }

  const replace = async (file: File | undefined) => {
    const documentId = replacing.current
    if (!file || !documentId) return
    if (!extensionOf(file.name)) {
      setRejected([file.name])
      return
    }
    // A replacement takes a new id: fields placed on the old pages go with it.
    const { document, bytes } = await read(file, nextId(documents))
    onChange(
      documents.map((candidate) => (candidate.documentId === documentId ? document : candidate)),
      bytes ? { [document.documentId]: bytes } : undefined,
    )
  }

  const move = (index: number, by: number) => {
    const list = [...documents]
    const [moved] = list.splice(index, 1)
    list.splice(index + by, 0, moved as BuilderDocument)
    onChange(list)
  }

  return (
    <section className="panel" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>{words.documents}</h2>
      <fieldset
        className={`drop-zone${over ? ' over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault()
          setOver(false)
          void add(Array.from(event.dataTransfer.files))
        }}
      >
        <legend className="visually-hidden">{words.addDocuments}</legend>
        <label htmlFor={inputId} className="button-like">
          {words.addDocuments}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          multiple
          onChange={(event) => {
            void add(Array.from(event.target.files ?? []))
            event.target.value = ''
          }}
        />
        <p>{words.dropHint}</p>
      </fieldset>
      <input
        ref={replaceInput}
        type="file"
        hidden
        onChange={(event) => {
          void replace(event.target.files?.[0])
          event.target.value = ''
        }}
      />
      {rejected.map((name) => (
        <p key={name} role="alert" className="error">
          {words.unsupported(name)}
        </p>
      ))}
      <ol className="document-list">
        {documents.map((document, index) => (
          <li key={document.documentId}>
            <span className="upload-name">
              {document.name} <small>({document.fileExtension})</small>
            </span>
            {!hasPages(document.documentId) && document.base64 && (
              <span className="hint">{words.previewAfterSave(document.name)}</span>
            )}
            <span className="row-actions">
              <button
                type="button"
                className="secondary"
                disabled={index === 0}
                aria-label={words.moveUp(document.name)}
                onClick={() => move(index, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="secondary"
                disabled={index === documents.length - 1}
                aria-label={words.moveDown(document.name)}
                onClick={() => move(index, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  replacing.current = document.documentId
                  replaceInput.current?.click()
                }}
              >
                {words.replace(document.name)}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => onChange(documents.filter((candidate) => candidate !== document))}
              >
                {words.remove(document.name)}
              </button>
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
