import './builder.css'
import { useCallback, useEffect, useRef, useState } from 'react'
import { accountPath, call, getJson, sendJson } from '../api.js'
import { useSession } from '../context.js'
import { EmbeddedBar } from '../embedded/EmbeddedBar.js'
import { leaveTo, type ViewEvent } from '../embedded/return.js'
import { EMBEDDED_WORDS } from '../embedded/words.js'
import { refusalText, ShownError } from '../refusal.js'
import { navigate } from '../router.js'
import { AnchorPanel } from './AnchorPanel.js'
import { anchorProblems, useAnchorHits } from './anchor-preview.js'
import { customFieldProblems } from './custom-fields.js'
import { DocumentsPanel, toBase64 } from './DocumentsPanel.js'
import {
  draftChanges,
  type EnvelopeDraft,
  loadEnvelopeDraft,
  saveEnvelopeDraft,
  sendDraft,
} from './envelope-target.js'
import { FieldProperties } from './FieldProperties.js'
import { fieldProblems, parentChoices } from './field-checks.js'
import { newKey } from './key.js'
import {
  type BuilderState,
  clampBox,
  DEFAULT_SIZE,
  type Field,
  type FieldType,
  fromTemplate,
  kindCarriesFields,
  type PageRef,
  type PageSize,
  toTemplateDefinition,
} from './model.js'
import { Pages } from './Pages.js'
import { Palette } from './Palette.js'
import { RecipientsPanel } from './RecipientsPanel.js'
import { RolePreview } from './RolePreview.js'
import { RolesPanel } from './RolesPanel.js'
import { NO_REMINDERS, reminderProblems } from './reminders.js'
import { SettingsPanel } from './SettingsPanel.js'
import { BUILDER_WORDS } from './words.js'

const EMPTY: BuilderState = {
  settings: {
    name: '',
    description: '',
    emailSubject: '',
    emailBlurb: '',
    shared: false,
    messageLock: false,
    envelopeIdStamping: true,
    useDisclosure: false,
    customFields: [],
    reminders: NO_REMINDERS,
  },
  documents: [],
  roles: [],
  fields: [],
  anchors: [],
}

/**
 * The template builder: documents, roles, fields on the pages, settings; saved with POST/PUT /templates.
 * With `envelopeId` it edits an envelope draft instead (envelope-target.ts), with recipients in place of
 * roles and Send beside Save. With `returnUrl` (an embedded view) Save, Send and Cancel end by going
 * back there with DocuSign's `event`.
 */
export function Builder({
  templateId,
  envelopeId,
  returnUrl,
}: {
  templateId?: string
  envelopeId?: string
  returnUrl?: string
}) {
  const { account, language, t } = useSession()
  const words = BUILDER_WORDS[language]
  const embeddedWords = EMBEDDED_WORDS[language]
  const [draft, setDraft] = useState<EnvelopeDraft>()
  const [busy, setBusy] = useState<'send' | 'save'>()
  const [state, setState] = useState<BuilderState>(EMPTY)
  const [bytes, setBytes] = useState<Record<string, Uint8Array>>({})
  const [sizes, setSizes] = useState<Record<string, PageSize[]>>({})
  const [documentsChanged, setDocumentsChanged] = useState(false)
  const [loading, setLoading] = useState(templateId !== undefined || envelopeId !== undefined)
  const [selectedRole, setSelectedRole] = useState<string>()
  const [selectedField, setSelectedField] = useState<string>()
  const [currentPage, setCurrentPage] = useState<PageRef>()
  // A new template's first save opens it at its own address, where the confirmation is shown.
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | undefined>(() =>
    new URLSearchParams(location.search).has('saved') ? { kind: 'status', text: words.saved } : undefined,
  )
  const [saving, setSaving] = useState(false)
  const focusNext = useRef<string>(undefined)

  const accountId = account.account_id
  const path = (rest: string) => accountPath(accountId, rest)

  const load = useCallback(
    async (id: string) => {
      const template = await getJson<Record<string, unknown>>(
        accountPath(accountId, `/templates/${encodeURIComponent(id)}`),
      )
      const loaded = fromTemplate(template, newKey)
      setState(loaded)
      setSelectedRole(loaded.roles.find((role) => kindCarriesFields(role.kind))?.key)
      setDocumentsChanged(false)
      const entries = await Promise.all(
        loaded.documents.map(async (document) => {
          const response = await call(
            accountPath(
              accountId,
              `/templates/${encodeURIComponent(id)}/documents/${encodeURIComponent(document.documentId)}`,
            ),
          )
          return [document.documentId, new Uint8Array(await response.arrayBuffer())] as const
        }),
      )
      setBytes(Object.fromEntries(entries))
    },
    [accountId],
  )

  const loadDraft = useCallback(
    async (id: string) => {
      const loaded = await loadEnvelopeDraft(accountId, id)
      setDraft(loaded.draft)
      setState(loaded.draft.state)
      setSelectedRole(loaded.draft.state.roles.find((role) => kindCarriesFields(role.kind))?.key)
      setDocumentsChanged(false)
      setBytes(loaded.bytes)
    },
    [accountId],
  )

  useEffect(() => {
    const loading = envelopeId ? loadDraft(envelopeId) : templateId ? load(templateId) : undefined
    if (!loading) return
    setLoading(true)
    loading.catch(() => setMessage({ kind: 'alert', text: t.failed })).finally(() => setLoading(false))
  }, [templateId, envelopeId, load, loadDraft, t.failed])

  useEffect(() => {
    if (!focusNext.current) return
    const element = document.querySelector<HTMLElement>(`[data-field="${focusNext.current}"]`)
    if (element) {
      focusNext.current = undefined
      element.focus()
    }
  })

  const onSizes = useCallback(
    (documentId: string, pageSizes: PageSize[]) =>
      setSizes((current) => ({ ...current, [documentId]: pageSizes })),
    [],
  )

  // The role new fields go to: the one picked, else the first role that fills fields.
  const activeRole = (
    state.roles.find((role) => role.key === selectedRole && kindCarriesFields(role.kind)) ??
    state.roles.find((role) => kindCarriesFields(role.kind))
  )?.key

  const updateField = (field: Field) =>
    setState((current) => ({
      ...current,
      fields: current.fields.map((candidate) => (candidate.key === field.key ? field : candidate)),
    }))
  const deleteField = (key: string) => {
    setState((current) => ({ ...current, fields: current.fields.filter((field) => field.key !== key) }))
    setSelectedField(undefined)
  }

  const addField = (type: FieldType, at: PageRef & { x?: number; y?: number }) => {
    const size = sizes[at.documentId]?.[at.pageNumber - 1]
    if (!size || !activeRole) return
    const { width, height } = DEFAULT_SIZE[type]
    const field: Field = clampBox(
      {
        key: newKey(),
        type,
        roleKey: activeRole,
        documentId: at.documentId,
        pageNumber: at.pageNumber,
        x: at.x ?? 36,
        y: at.y ?? 36,
        width,
        height,
        required: true,
        tabLabel: '',
        tooltip: '',
        fontSize: '',
        validationPattern: '',
        validationMessage: '',
        maxLength: '',
        listItems: type === 'list' ? ['Option 1', 'Option 2'] : [],
        ...(type === 'radioGroup' ? newRadioGroup() : {}),
      },
      size,
    )
    setState((current) => ({ ...current, fields: [...current.fields, field] }))
    setSelectedField(field.key)
    setCurrentPage({ documentId: at.documentId, pageNumber: at.pageNumber })
    focusNext.current = field.key
  }

  /** A new group: a name no other group of the builder has, and two radios one under the other. */
  const newRadioGroup = (): Partial<Field> => {
    const names = new Set(state.fields.map((field) => field.tabLabel))
    let count = state.fields.filter((field) => field.type === 'radioGroup').length + 1
    while (names.has(words.newGroupName(count))) count++
    return {
      tabLabel: words.newGroupName(count),
      radios: [1, 2].map((index) => ({
        key: newKey(),
        value: words.newRadioValue(index),
        dx: 0,
        dy: (index - 1) * 24,
        selected: false,
      })),
    }
  }

  const copyField = (field: Field) => {
    const size = sizes[field.documentId]?.[field.pageNumber - 1]
    if (!size) return
    // A copy is a new tab: it must not carry the original's server id.
    const { tabId: _tabId, ...extra } = field.extra ?? {}
    const radios = field.radios?.map((radio) => ({ ...radio, key: newKey() }))
    const copy = clampBox(
      { ...field, key: newKey(), x: field.x + 12, y: field.y + 12, extra, ...(radios ? { radios } : {}) },
      size,
    )
    setState((current) => ({ ...current, fields: [...current.fields, copy] }))
    setSelectedField(copy.key)
    focusNext.current = copy.key
  }

  const firstPage = state.documents.find((document) => sizes[document.documentId]?.length)
  const placeOn = currentPage ?? (firstPage ? { documentId: firstPage.documentId, pageNumber: 1 } : undefined)

  const tabProblems = fieldProblems(state)
  const problems = (): string | undefined => {
    const [firstTabProblem] = [...tabProblems.values()].flat()
    if (firstTabProblem) return words.fieldsInvalid(words.tabProblem(firstTabProblem))
    if (envelopeId) {
      const incomplete = state.roles.some(
        (role) => !role.name.trim() || !(typeof role.extra?.email === 'string' && role.extra.email.trim()),
      )
      return incomplete ? embeddedWords.recipientsNeedNameAndEmail : undefined
    }
    if (!state.settings.name.trim()) return words.nameRequired
    if (state.roles.some((role) => !role.name.trim())) return words.roleNamesRequired
    if (customFieldProblems(state.settings.customFields).length) return words.customFieldsInvalid
    if (state.anchors.some((anchor) => anchorProblems(anchor).length)) return words.anchorsInvalid
    if (reminderProblems(state.settings.reminders).length) return words.remindersInvalid
    return undefined
  }

  /** Saves the envelope draft's differences, then reads it again so the next save compares with it. */
  const saveDraft = async (id: string) => {
    if (!draft) return
    const changes = draftChanges(draft, state)
    // Refused before anything is saved, so a draft is never left half changed by it.
    if (changes.reordered) throw new ShownError(embeddedWords.orderNotSaved)
    await saveEnvelopeDraft(accountId, id, changes, state)
    await loadDraft(id)
  }

  /** Save, or Send (drafts), then the embedded view's return, or the app's own next screen. */
  const finish = async (action: 'send' | 'save') => {
    const problem = problems()
    if (problem) {
      setMessage({ kind: 'alert', text: problem })
      return
    }
    setBusy(action)
    setMessage(undefined)
    try {
      if (envelopeId) {
        await saveDraft(envelopeId)
        if (action === 'send') await sendDraft(accountId, envelopeId)
      } else if (!(await save())) {
        return
      }
      const event: ViewEvent = action === 'send' ? 'Send' : 'Save'
      if (returnUrl) leaveTo(returnUrl, event)
      else if (envelopeId && action === 'send') navigate(`/app/envelopes/${encodeURIComponent(envelopeId)}`)
      else setMessage({ kind: 'status', text: words.saved })
    } catch (error) {
      setMessage({ kind: 'alert', text: refusalText(error, language, t) })
    } finally {
      setBusy(undefined)
    }
  }

  const cancel = () => {
    if (returnUrl) leaveTo(returnUrl, 'Cancel')
    else if (envelopeId) navigate(`/app/envelopes/${encodeURIComponent(envelopeId)}`)
    else navigate('/app/templates')
  }

  /** Saves the template; true when it was saved (the message says why not otherwise). */
  const save = async (): Promise<boolean> => {
    const problem = problems()
    if (problem) {
      setMessage({ kind: 'alert', text: problem })
      return false
    }
    setSaving(true)
    setMessage(undefined)
    try {
      // Documents already on the server are sent again (as the PDF it holds) only when the set changed.
      const withDocuments = !templateId || documentsChanged
      const documents = state.documents.map((document) => {
        if (document.base64 || !bytes[document.documentId]) return document
        return {
          ...document,
          fileExtension: 'pdf',
          base64: toBase64(bytes[document.documentId] as Uint8Array),
        }
      })
      const body = toTemplateDefinition({ ...state, documents }, { withDocuments })
      if (templateId) {
        await sendJson('PUT', path(`/templates/${encodeURIComponent(templateId)}`), body)
        await load(templateId)
      } else {
        const created = await sendJson<{ templateId: string }>('POST', path('/templates'), body)
        navigate(`/app/templates/${encodeURIComponent(created.templateId)}?saved=1`, { replace: true })
      }
      setMessage({ kind: 'status', text: words.saved })
      return true
    } catch (error) {
      setMessage({ kind: 'alert', text: refusalText(error, language, t) })
      return false
    } finally {
      setSaving(false)
    }
  }

  const selected = state.fields.find((field) => field.key === selectedField)
  const anchorPreview = useAnchorHits(state.documents, bytes, state.anchors)
  const anchorHits = anchorPreview.hits

  const changeRoles = (roles: BuilderState['roles']) =>
    setState((current) => ({
      ...current,
      roles,
      fields: current.fields.filter((field) =>
        roles.some((role) => role.key === field.roleKey && kindCarriesFields(role.kind)),
      ),
      anchors: current.anchors.filter((anchor) =>
        roles.some((role) => role.key === anchor.roleKey && kindCarriesFields(role.kind)),
      ),
    }))

  return (
    <div className="builder">
      <h1>
        {envelopeId
          ? embeddedWords.editDraft(draft?.emailSubject ?? '')
          : templateId
            ? words.editTemplate(state.settings.name)
            : words.newTemplate}
      </h1>
      <div className="builder-actions">
        {envelopeId || returnUrl ? (
          <EmbeddedBar
            busy={busy ?? (saving ? 'save' : undefined)}
            onSend={envelopeId && draft?.status === 'created' ? () => void finish('send') : undefined}
            onSave={() => void finish('save')}
            onCancel={cancel}
          />
        ) : (
          <button type="button" onClick={() => void save()} disabled={saving}>
            {saving ? words.saving : words.save}
          </button>
        )}
        {message && (
          <p role={message.kind} className={message.kind === 'alert' ? 'error' : 'success'}>
            {message.text}
          </p>
        )}
      </div>
      {loading && <p role="status">{t.loading}</p>}
      {draft && draft.status !== 'created' && (
        <p role="alert" className="warning">
          {embeddedWords.notDraft}
        </p>
      )}
      <div className="builder-setup">
        {!envelopeId && (
          <SettingsPanel
            settings={state.settings}
            words={words}
            onChange={(settings) => setState((current) => ({ ...current, settings }))}
          />
        )}
        <DocumentsPanel
          documents={state.documents}
          hasPages={(documentId) => bytes[documentId] !== undefined}
          words={words}
          onChange={(documents, added) => {
            setState((current) => ({
              ...current,
              documents,
              fields: current.fields.filter((field) =>
                documents.some((document) => document.documentId === field.documentId),
              ),
            }))
            if (added) setBytes((current) => ({ ...current, ...added }))
            setDocumentsChanged(true)
          }}
        />
        {envelopeId ? (
          <RecipientsPanel
            roles={state.roles}
            selectedRole={activeRole}
            words={embeddedWords}
            builderWords={words}
            onSelect={setSelectedRole}
            onChange={changeRoles}
          />
        ) : (
          <RolesPanel
            roles={state.roles}
            selectedRole={activeRole}
            words={words}
            onSelect={setSelectedRole}
            onChange={changeRoles}
          />
        )}
        {envelopeId && (
          // After the recipients, whose Email fields come first in the page (embedded callers find them so).
          <SettingsPanel
            settings={state.settings}
            words={words}
            draft
            onChange={(settings) => setState((current) => ({ ...current, settings }))}
          />
        )}
      </div>
      <AnchorPanel
        anchors={state.anchors}
        preview={anchorPreview}
        roles={state.roles}
        documents={state.documents}
        activeRole={activeRole}
        words={words}
        onChange={(anchors) => setState((current) => ({ ...current, anchors }))}
      />
      <RolePreview state={state} bytes={bytes} anchorHits={anchorHits} words={words} />
      <div className="builder-workspace">
        <Palette
          words={words}
          disabled={!activeRole || !placeOn}
          hint={activeRole ? undefined : words.noRoleForFields}
          onPlace={(type, at) => {
            const target = at ?? placeOn
            if (target) addField(type, target)
          }}
          sizes={sizes}
        />
        <Pages
          documents={state.documents}
          bytes={bytes}
          fields={state.fields}
          anchors={state.anchors}
          anchorHits={anchorHits}
          roles={state.roles}
          selectedField={selectedField}
          words={words}
          onSizes={onSizes}
          onSelect={setSelectedField}
          onChange={updateField}
          onDelete={deleteField}
          onFocusPage={setCurrentPage}
        />
        <FieldProperties
          field={selected}
          choices={selected ? parentChoices(state, selected) : []}
          problems={
            selected
              ? [...(tabProblems.get(selected.key) ?? []), ...(tabProblems.get(selected.roleKey) ?? [])]
              : []
          }
          language={language}
          roles={state.roles}
          size={selected ? sizes[selected.documentId]?.[selected.pageNumber - 1] : undefined}
          words={words}
          onChange={updateField}
          onCopy={copyField}
          onDelete={deleteField}
        />
      </div>
    </div>
  )
}
