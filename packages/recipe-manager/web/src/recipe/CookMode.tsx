import { useEffect, useRef, useState } from 'react'
import type { Recipe } from '../api.js'
import { useUi } from '../i18n.js'

/**
 * One step at a time in large text, the ingredients to tick off beside it, and the screen kept awake
 * (Wake Lock API) while it is shown; browsers without the API simply let the screen sleep.
 */
export function CookMode({
  recipe,
  ingredients,
  onExit,
}: {
  recipe: Recipe
  ingredients: string[]
  onExit: () => void
}) {
  const { t } = useUi()
  const [step, setStep] = useState(0)
  const [ticked, setTicked] = useState<boolean[]>(() => ingredients.map(() => false))
  const [awake, setAwake] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    heading.current?.focus()
    let lock: WakeLockSentinel | undefined
    let active = true
    const acquire = async () => {
      if (!('wakeLock' in navigator) || document.visibilityState !== 'visible') return
      try {
        lock = await navigator.wakeLock.request('screen')
        if (!active) await lock.release()
        else setAwake(true)
      } catch {
        setAwake(false)
      }
    }
    // The browser releases the lock when the page is hidden; it is taken again on return.
    const onVisibility = () => void acquire()
    document.addEventListener('visibilitychange', onVisibility)
    void acquire()
    return () => {
      active = false
      document.removeEventListener('visibilitychange', onVisibility)
      void lock?.release()
    }
  }, [])

  const last = recipe.instructions.length - 1
  return (
    <section className="cook" aria-labelledby="cook-title">
      <div className="cook-head">
        <h1 id="cook-title" ref={heading} tabIndex={-1}>
          {recipe.title}
        </h1>
        <button type="button" onClick={onExit}>
          {t.exitCookMode}
        </button>
      </div>
      {awake && <p className="hint">{t.screenAwake}</p>}
      <div className="cook-body">
        <div className="cook-step">
          <h2 aria-live="polite">{t.stepOf(step + 1, last + 1)}</h2>
          <p className="cook-text">{recipe.instructions[step]}</p>
          <div className="cook-nav">
            <button type="button" disabled={step === 0} onClick={() => setStep(step - 1)}>
              {t.previousStep}
            </button>
            <button
              type="button"
              className="primary"
              disabled={step === last}
              onClick={() => setStep(step + 1)}
            >
              {t.nextStep}
            </button>
          </div>
        </div>
        <fieldset className="cook-ingredients">
          <legend>{t.ingredients}</legend>
          {ingredients.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed while cooking.
            <label key={index} className={ticked[index] ? 'ticked' : undefined}>
              <input
                type="checkbox"
                checked={ticked[index] ?? false}
                onChange={(event) =>
                  setTicked(
                    ticked.map((value, position) => (position === index ? event.target.checked : value)),
                  )
                }
              />
              {line}
            </label>
          ))}
        </fieldset>
      </div>
    </section>
  )
}
