import { useEffect, useId, useRef, useState } from 'react'
import type { Words } from './i18n.js'
import type { Adopted } from './tabs.js'

const HANDWRITING_FONT = '"Dancing Script", cursive'

interface Props {
  name: string
  words: Words
  onAdopt: (adopted: Required<Adopted>) => void
  onCancel: () => void
}

/** Initials from a name: the first letter of each word, at most three. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('')
}

/** Renders typed text in the handwriting font into a PNG, the same bytes a drawn signature becomes. */
async function typedPng(text: string, width: number, height: number): Promise<string> {
  await document.fonts.load(`48px ${HANDWRITING_FONT}`)
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')!
  let fontSize = height * 0.7
  context.font = `${fontSize}px ${HANDWRITING_FONT}`
  while (context.measureText(text).width > width * 0.92 && fontSize > 10) {
    fontSize -= 2
    context.font = `${fontSize}px ${HANDWRITING_FONT}`
  }
  context.fillStyle = '#0b2a6f'
  context.textBaseline = 'middle'
  context.fillText(text, width * 0.04, height / 2)
  return canvas.toDataURL('image/png')
}

export function AdoptDialog({ name, words, onAdopt, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [mode, setMode] = useState<'typed' | 'drawn'>('typed')
  const [typedName, setTypedName] = useState(name)
  const [typedInitials, setTypedInitials] = useState(initialsOf(name))
  const signaturePad = useRef<DrawingPad>(null)
  const initialsPad = useRef<DrawingPad>(null)
  const [drawn, setDrawn] = useState({ signature: false, initials: false })

  useEffect(() => {
    dialog.current?.showModal()
  }, [])

  const ready =
    mode === 'typed'
      ? typedName.trim() !== '' && typedInitials.trim() !== ''
      : drawn.signature && drawn.initials

  async function adopt() {
    if (mode === 'typed') {
      onAdopt({
        signature: await typedPng(typedName.trim(), 600, 150),
        initials: await typedPng(typedInitials.trim(), 300, 150),
      })
    } else {
      onAdopt({ signature: signaturePad.current!.toPng(), initials: initialsPad.current!.toPng() })
    }
  }

  return (
    <dialog ref={dialog} className="adopt" aria-labelledby="adopt-title" onCancel={onCancel}>
      <h2 id="adopt-title">{words.adoptTitle}</h2>
      <div role="tablist" className="modes">
        {(['typed', 'drawn'] as const).map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={mode === option}
            onClick={() => setMode(option)}
          >
            {option === 'typed' ? words.adoptTyped : words.adoptDrawn}
          </button>
        ))}
      </div>
      {mode === 'typed' ? (
        <div className="typed">
          <label>
            {words.fullName}
            <input value={typedName} onChange={(event) => setTypedName(event.target.value)} maxLength={100} />
          </label>
          <label>
            {words.initials}
            <input
              value={typedInitials}
              onChange={(event) => setTypedInitials(event.target.value)}
              maxLength={5}
            />
          </label>
          <p className="preview" aria-hidden="true" style={{ fontFamily: HANDWRITING_FONT }}>
            {typedName} <span>{typedInitials}</span>
          </p>
        </div>
      ) : (
        <div className="drawn">
          <DrawingCanvas
            ref={signaturePad}
            label={words.drawSignature}
            clearLabel={words.clear}
            width={600}
            height={150}
            onChange={(has) => setDrawn((state) => ({ ...state, signature: has }))}
          />
          <DrawingCanvas
            ref={initialsPad}
            label={words.drawInitials}
            clearLabel={words.clear}
            width={300}
            height={150}
            onChange={(has) => setDrawn((state) => ({ ...state, initials: has }))}
          />
        </div>
      )}
      <p className="legal">{words.adoptLegal}</p>
      <div className="actions">
        <button type="button" onClick={onCancel}>
          {words.cancel}
        </button>
        <button type="button" className="primary" disabled={!ready} onClick={() => void adopt()}>
          {words.adopt}
        </button>
      </div>
    </dialog>
  )
}

interface DrawingPad {
  toPng: () => string
}

/** A canvas drawn on with a mouse, pen or finger (pointer events). */
function DrawingCanvas({
  ref,
  label,
  clearLabel,
  width,
  height,
  onChange,
}: {
  ref: React.Ref<DrawingPad>
  label: string
  clearLabel: string
  width: number
  height: number
  onChange: (hasInk: boolean) => void
}) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const last = useRef<{ x: number; y: number } | null>(null)
  // An id, not the label: aria-labelledby takes a space-separated list of ids.
  const labelId = useId()

  useEffect(() => {
    const pad: DrawingPad = { toPng: () => canvas.current!.toDataURL('image/png') }
    if (typeof ref === 'function') ref(pad)
    else if (ref) (ref as React.RefObject<DrawingPad>).current = pad
  }, [ref])

  function point(event: React.PointerEvent<HTMLCanvasElement>) {
    const box = event.currentTarget.getBoundingClientRect()
    return {
      x: ((event.clientX - box.left) / box.width) * width,
      y: ((event.clientY - box.top) / box.height) * height,
    }
  }

  function stroke(event: React.PointerEvent<HTMLCanvasElement>) {
    if (!last.current) return
    const context = event.currentTarget.getContext('2d')!
    const next = point(event)
    context.strokeStyle = '#0b2a6f'
    context.lineWidth = 3
    context.lineCap = 'round'
    context.beginPath()
    context.moveTo(last.current.x, last.current.y)
    context.lineTo(next.x, next.y)
    context.stroke()
    last.current = next
    onChange(true)
  }

  return (
    <div className="pad">
      <span id={labelId}>{label}</span>
      <canvas
        ref={canvas}
        width={width}
        height={height}
        role="img"
        aria-labelledby={labelId}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId)
          last.current = point(event)
        }}
        onPointerMove={stroke}
        onPointerUp={() => {
          last.current = null
        }}
      />
      <button
        type="button"
        onClick={() => {
          canvas.current!.getContext('2d')!.clearRect(0, 0, width, height)
          onChange(false)
        }}
      >
        {clearLabel}
      </button>
    </div>
  )
}
