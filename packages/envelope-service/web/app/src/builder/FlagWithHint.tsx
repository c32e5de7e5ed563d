/**
 * A setting that is on or off, with a sentence saying what it does: the builder's template settings, and
 * the send page's disclosure, which is the same setting for one envelope.
 */
export function FlagWithHint({
  id,
  checked,
  label,
  hint,
  onChange,
}: {
  id: string
  checked: boolean
  label: string
  hint: string
  onChange: (checked: boolean) => void
}) {
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          checked={checked}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      <p className="muted" id={`${id}-hint`}>
        {hint}
      </p>
    </>
  )
}
