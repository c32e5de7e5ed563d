import type { TabProblemKind } from '../../../../src/tabs/field-rules.js'
import type { Language } from '../i18n.js'
import type { CustomFieldProblem } from './custom-fields.js'
import type { FieldType, RoleDelivery, RoleKind } from './model.js'

/** The builder's words in English and Spanish; the Spanish dictionary is checked against the English. */

const plural = (language: Language, count: number, forms: { one: string; other: string }) =>
  new Intl.PluralRules(language).select(count) === 'one' ? forms.one : forms.other

const en = {
  templates: 'Templates',
  newTemplate: 'New template',
  editTemplate: (name: string) => `Edit template: ${name}`,
  templateList: 'Your templates',
  noTemplates: 'No templates yet.',
  edit: (name: string) => `Edit ${name}`,
  settings: 'Template settings',
  draftSettings: 'Subject and message',
  name: 'Template name',
  description: 'Description',
  emailSubject: 'Email subject',
  emailBlurb: 'Email message',
  shared: 'Shared with everyone in the account',
  messageLock: 'Lock the subject and message',
  messageLockHint:
    'Envelopes sent from this template keep its subject and message; senders cannot change them.',
  messageLocked: 'The subject and message of this envelope are locked: they cannot be changed.',
  envelopeIdStamping: 'Print the envelope ID on each signed page',
  useDisclosure: 'Ask signers to agree to use electronic records and signatures',
  useDisclosureHint:
    'Before signing, each signer reads the Electronic Record and Signature Disclosure and agrees to it; the agreement goes into the history and the certificate.',
  envelopeIdStampingHint:
    'The ID appears in the top margin of every page of the completed documents, so a printed page can be traced to its envelope.',
  customFields: 'Custom fields',
  customFieldsHint:
    'Information the sender gives with each envelope. Shown fields are visible to recipients; required ones must be filled before sending.',
  customFieldLegend: (kind: 'text' | 'list', name: string) =>
    kind === 'text' ? `Text custom field ${name}` : `List custom field ${name}`,
  customFieldName: 'Custom field name',
  customFieldValue: 'Default value',
  noDefault: '(none)',
  customFieldShow: 'Recipients see it',
  customFieldRequired: 'The sender must fill it',
  removeCustomField: (name: string) => `Remove custom field ${name}`,
  addTextCustomField: 'Add text custom field',
  addListCustomField: 'Add list custom field',
  customFieldProblem: (problem: CustomFieldProblem) =>
    problem.kind === 'blankName'
      ? `Custom field ${problem.index + 1} needs a name.`
      : problem.kind === 'duplicateName'
        ? `Two custom fields are called “${problem.name}”: names must differ.`
        : `The default value of “${problem.name}” is not one of its list items.`,
  customFieldsInvalid: 'Correct the custom fields before saving.',
  previewHeading: 'Preview',
  previewAs: 'Preview as',
  previewOpen: (role: string) => `See what ${role} sees`,
  previewTitle: (role: string) => `What ${role} sees when signing`,
  previewSummary: (count: number) =>
    plural('en', count, {
      one: 'This role fills 1 field. Nothing can be changed here.',
      other: `This role fills ${count} fields. Nothing can be changed here.`,
    }),
  previewClose: 'Close preview',
  anchors: 'Place by anchor text',
  anchorsHint:
    'A field placed wherever a text appears in the documents, moved by the offset (right and down). The pages show where it lands.',
  anchorLegend: (type: string, role: string, text: string) => `${type} for ${role} at “${text}”`,
  anchorText: 'Anchor text',
  anchorFieldType: 'Field type',
  anchorXOffset: 'Offset to the right',
  anchorYOffset: 'Offset down',
  anchorUnits: 'Offset units',
  units: { pixels: 'points', inches: 'inches', mms: 'millimetres', cms: 'centimetres' } satisfies Record<
    'pixels' | 'inches' | 'mms' | 'cms',
    string
  >,
  anchorCaseSensitive: 'Match capital letters',
  anchorMatchWholeWord: 'Whole words only',
  anchorIgnoreIfNotPresent: 'Allow sending when the text is not found',
  anchorProblem: {
    blank: 'Give the text to look for.',
    xOffset: 'The offset to the right must be a number.',
    yOffset: 'The downward offset must be a number.',
  } satisfies Record<'blank' | 'xOffset' | 'yOffset', string>,
  anchorNotFound: 'Not found in the documents.',
  anchorReading: 'Looking for it in the documents…',
  anchorNotChecked: 'Not checked: the text of the documents could not be read here.',
  anchorsUnreadable: (names: string[]) =>
    plural('en', names.length, {
      one: `The text of ${names.join(', ')} could not be read in this browser, so the pages do not show where these fields land. The service still looks for it when an envelope is sent.`,
      other: `The text of ${names.length} documents (${names.join(', ')}) could not be read in this browser, so the pages do not show where these fields land. The service still looks for it when an envelope is sent.`,
    }),
  tryAgain: 'Try again',
  pagesUnreadable: (name: string) =>
    `The pages of ${name} could not be shown in this browser. The document is kept as it was uploaded and saved with the rest.`,
  anchorFound: (count: number, pages: string) =>
    plural('en', count, { one: `Found once: ${pages}.`, other: `Found ${count} times: ${pages}.` }),
  pageOf: (document: string, page: number) => `${document} page ${page}`,
  removeAnchor: (text: string) => `Remove the field at “${text}”`,
  addAnchor: 'Add a field by anchor text',
  anchorsInvalid: 'Correct the anchor fields before saving.',
  remindersHeading: 'Reminders and expiration',
  sendReminders: 'Send reminders',
  reminderDelay: 'Days before the first reminder',
  reminderFrequency: 'Days between reminders',
  expires: 'Envelopes expire',
  expireAfter: 'Days until expiration',
  expireWarn: 'Days before expiration to warn',
  reminderProblem: {
    reminderDelay: 'The days before the first reminder must be a whole number.',
    reminderFrequency: 'The days between reminders must be a whole number.',
    expireAfter: 'The days until expiration must be a whole number, at least 1.',
    expireWarn: 'The warning must be a whole number of days, fewer than the days until expiration.',
  } satisfies Record<'reminderDelay' | 'reminderFrequency' | 'expireAfter' | 'expireWarn', string>,
  remindersInvalid: 'Correct the reminders and expiration before saving.',
  documents: 'Documents',
  addDocuments: 'Add documents',
  dropHint: 'Or drop files here. PDF, Word, OpenDocument, text, HTML, spreadsheets and images are accepted.',
  unsupported: (name: string) => `${name} is not a format the service takes.`,
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  remove: (name: string) => `Remove ${name}`,
  replace: (name: string) => `Replace ${name}`,
  previewAfterSave: (name: string) =>
    `${name} is converted to PDF when you save; its pages appear here after saving.`,
  roles: 'Roles',
  addRole: 'Add role',
  roleName: 'Role name',
  routingOrder: 'Routing order',
  roleKind: 'Type',
  kind: {
    signers: 'Signer',
    carbonCopies: 'Receives a copy',
    certifiedDeliveries: 'Must open (certified delivery)',
    inPersonSigners: 'In-person signer',
  } satisfies Record<RoleKind, string>,
  defaultDelivery: 'Default delivery',
  delivery: {
    email: 'Email',
    SMS: 'Text message (SMS)',
  } satisfies Record<RoleDelivery, string>,
  deliveryHint: 'The sender gives the phone number when sending.',
  placeFor: 'Place fields for',
  removeRole: (name: string) => `Remove role ${name}`,
  newRoleName: (count: number) => `Role ${count}`,
  nearDuplicate: (a: string, b: string) =>
    `“${a}” and “${b}” differ only in capital letters or spaces. Senders must match role names exactly: rename one.`,
  sameRole: (name: string) =>
    `Two roles are called “${name}” with the same routing order: they will be one recipient.`,
  palette: 'Fields',
  paletteHint:
    'Drag a field onto a page, or press Enter on it to place it on the current page. Select a placed field, then use the arrow keys to move it and Shift with the arrow keys to resize it.',
  fieldType: {
    signHere: 'Signature',
    initialHere: 'Initials',
    dateSigned: 'Date signed',
    fullName: 'Full name',
    email: 'Email',
    text: 'Text',
    number: 'Number',
    date: 'Date',
    checkbox: 'Checkbox',
    list: 'List',
    numerical: 'Number with format',
    formula: 'Formula',
    radioGroup: 'Radio buttons',
  } satisfies Record<FieldType, string>,
  fieldName: (type: string, role: string, page: number) => `${type} for ${role}, page ${page}`,
  pageLabel: (document: string, page: number, pages: number) => `${document}, page ${page} of ${pages}`,
  pageThumbnail: (page: number) => `Go to page ${page}`,
  fieldsOnPage: (page: number, count: number) =>
    plural('en', count, {
      one: `Page ${page}: 1 field`,
      other: `Page ${page}: ${count} fields`,
    }),
  noFields: 'No fields on this page.',
  at: (x: number, y: number, w: number, h: number) => `at ${x}, ${y} points, ${w} × ${h}`,
  select: 'Select',
  properties: 'Field properties',
  noSelection: 'Select a field to change its properties.',
  required: 'Required',
  tabLabel: 'Label (tabLabel)',
  tooltip: 'Tooltip',
  fontSize: 'Font size',
  validationPattern: 'Validation pattern (regular expression)',
  validationMessage: 'Validation message',
  maxLength: 'Maximum length',
  listItems: 'List items, one per line',
  conditionHeading: 'Show this field only when',
  conditionParent: 'The field',
  alwaysShown: '(always shown)',
  conditionValue: 'Has the value',
  checkboxValue: { on: 'Checked (on)', off: 'Not checked (off)' } satisfies Record<'on' | 'off', string>,
  noParents: 'Give another field of this role a label to show this one only when it has a value.',
  groupName: 'Group name',
  radiosHeading: 'Radio buttons of the group',
  radioLegend: (index: number, value: string) => `Radio button ${index}: ${value}`,
  radioValue: 'Value',
  defaultChoice: 'Selected by default',
  addRadio: 'Add radio button',
  removeRadio: (value: string) => `Remove radio button ${value}`,
  newRadioValue: (count: number) => `Option ${count}`,
  newGroupName: (count: number) => `Group ${count}`,
  formula: 'Formula',
  formulaHint:
    'Refer to other fields by their label in brackets, e.g. [Price] * [Quantity]. Date functions: AddDays, AddMonths, AddYears, DateDiff, Day, Days.',
  roundDecimalPlaces: 'Decimal places',
  asComputed: '(as computed)',
  hiddenFormula: 'Hidden from the recipient',
  formatHeading: 'Format',
  culture: 'Language and region',
  defaultChoiceLabel: '(default)',
  dateFormat: 'Date format',
  regionDate: '(the region’s short date)',
  separators: 'Separators',
  regionSeparators: '(the region’s)',
  numberKind: 'Kind of number',
  numberKinds: { Number: 'Number', Currency: 'Amount of money' } satisfies Record<
    'Number' | 'Currency',
    string
  >,
  shownAs: (text: string) => `Shown as: ${text}`,
  tabProblem: (problem: TabProblemKind) => {
    switch (problem.kind) {
      case 'formulaInvalid':
        return `The formula cannot be computed: ${problem.detail}.`
      case 'formulaCircle':
        return `Formulas refer to one another in a circle: ${problem.labels.join(' → ')}.`
      case 'formulaLocaleMismatch':
        return 'The number fields this formula reads must all have the same format.'
      case 'conditionalParentMissing':
        return `No other field of this role is labelled “${problem.label}”.`
      case 'conditionalValueMissing':
        return `Give the value of “${problem.label}” that shows this field.`
      case 'conditionalValueInvalid':
        return `“${problem.label}” can only be ${problem.allowed.join(', ')}.`
      case 'radioSelectedTwice':
        return 'Only one radio button can be selected by default.'
      case 'radioValueBlank':
        return 'Every radio button needs a value.'
    }
  },
  fieldsInvalid: (problem: string) => `Correct the fields before saving. ${problem}`,
  role: 'Role',
  position: 'Position and size (points)',
  left: 'From the left',
  top: 'From the top',
  width: 'Width',
  height: 'Height',
  copy: 'Copy field',
  deleteField: 'Delete field',
  noRoleForFields: 'Add a signer role first: fields belong to a role.',
  save: 'Save template',
  saving: 'Saving…',
  saved: 'Template saved.',
  nameRequired: 'Give the template a name.',
  roleNamesRequired: 'Every role needs a name.',
  loadingPages: 'Loading pages…',
  sendFromTemplates: 'Send from templates',
  fieldCount: (count: number) => plural('en', count, { one: '1 field', other: `${count} fields` }),
}

export type BuilderWords = typeof en

const es: BuilderWords = {
  templates: 'Plantillas',
  newTemplate: 'Nueva plantilla',
  editTemplate: (name) => `Editar plantilla: ${name}`,
  templateList: 'Tus plantillas',
  noTemplates: 'Todavía no hay plantillas.',
  edit: (name) => `Editar ${name}`,
  settings: 'Ajustes de la plantilla',
  draftSettings: 'Asunto y mensaje',
  name: 'Nombre de la plantilla',
  description: 'Descripción',
  emailSubject: 'Asunto del correo',
  emailBlurb: 'Mensaje del correo',
  shared: 'Compartida con toda la cuenta',
  messageLock: 'Bloquear el asunto y el mensaje',
  messageLockHint:
    'Los sobres enviados con esta plantilla conservan su asunto y su mensaje; quien envía no puede cambiarlos.',
  messageLocked: 'El asunto y el mensaje de este sobre están bloqueados: no se pueden cambiar.',
  envelopeIdStamping: 'Imprimir el id. del sobre en cada página firmada',
  useDisclosure: 'Pedir a los firmantes que acepten usar registros y firmas electrónicos',
  useDisclosureHint:
    'Antes de firmar, cada firmante lee la divulgación de registros y firmas electrónicos y la acepta; la aceptación queda en el historial y en el certificado.',
  envelopeIdStampingHint:
    'El id. aparece en el margen superior de cada página de los documentos completados, para que una página impresa se pueda asociar a su sobre.',
  customFields: 'Campos personalizados',
  customFieldsHint:
    'Información que quien envía da con cada sobre. Los campos visibles los ven los destinatarios; los obligatorios deben rellenarse antes de enviar.',
  customFieldLegend: (kind, name) =>
    kind === 'text' ? `Campo personalizado de texto ${name}` : `Campo personalizado de lista ${name}`,
  customFieldName: 'Nombre del campo personalizado',
  customFieldValue: 'Valor por defecto',
  noDefault: '(ninguno)',
  customFieldShow: 'Lo ven los destinatarios',
  customFieldRequired: 'Quien envía debe rellenarlo',
  removeCustomField: (name) => `Quitar el campo personalizado ${name}`,
  addTextCustomField: 'Añadir campo personalizado de texto',
  addListCustomField: 'Añadir campo personalizado de lista',
  customFieldProblem: (problem) =>
    problem.kind === 'blankName'
      ? `El campo personalizado ${problem.index + 1} necesita un nombre.`
      : problem.kind === 'duplicateName'
        ? `Dos campos personalizados se llaman «${problem.name}»: los nombres deben ser distintos.`
        : `El valor por defecto de «${problem.name}» no es una de sus opciones.`,
  customFieldsInvalid: 'Corrige los campos personalizados antes de guardar.',
  previewHeading: 'Vista previa',
  previewAs: 'Ver como',
  previewOpen: (role) => `Ver lo que ve ${role}`,
  previewTitle: (role) => `Lo que ve ${role} al firmar`,
  previewSummary: (count) =>
    plural('es', count, {
      one: 'Este rol rellena 1 campo. Aquí no se puede cambiar nada.',
      other: `Este rol rellena ${count} campos. Aquí no se puede cambiar nada.`,
    }),
  previewClose: 'Cerrar la vista previa',
  anchors: 'Colocar por texto de anclaje',
  anchorsHint:
    'Un campo colocado dondequiera que aparezca un texto en los documentos, desplazado (a la derecha y hacia abajo). Las páginas muestran dónde queda.',
  anchorLegend: (type, role, text) => `${type} de ${role} en «${text}»`,
  anchorText: 'Texto de anclaje',
  anchorFieldType: 'Tipo de campo',
  anchorXOffset: 'Desplazamiento a la derecha',
  anchorYOffset: 'Desplazamiento hacia abajo',
  anchorUnits: 'Unidades del desplazamiento',
  units: { pixels: 'puntos', inches: 'pulgadas', mms: 'milímetros', cms: 'centímetros' },
  anchorCaseSensitive: 'Distinguir mayúsculas',
  anchorMatchWholeWord: 'Solo palabras completas',
  anchorIgnoreIfNotPresent: 'Permitir enviar si no se encuentra el texto',
  anchorProblem: {
    blank: 'Escribe el texto que hay que buscar.',
    xOffset: 'El desplazamiento a la derecha debe ser un número.',
    yOffset: 'El desplazamiento hacia abajo debe ser un número.',
  },
  anchorNotFound: 'No aparece en los documentos.',
  anchorReading: 'Buscándolo en los documentos…',
  anchorNotChecked: 'Sin comprobar: no se pudo leer aquí el texto de los documentos.',
  anchorsUnreadable: (names) =>
    plural('es', names.length, {
      one: `No se pudo leer en este navegador el texto de ${names.join(', ')}, así que las páginas no muestran dónde quedan estos campos. El servicio lo busca igualmente al enviar un sobre.`,
      other: `No se pudo leer en este navegador el texto de ${names.length} documentos (${names.join(', ')}), así que las páginas no muestran dónde quedan estos campos. El servicio lo busca igualmente al enviar un sobre.`,
    }),
  tryAgain: 'Reintentar',
  pagesUnreadable: (name) =>
    `No se pudieron mostrar las páginas de ${name} en este navegador. El documento se conserva tal como se subió y se guarda con lo demás.`,
  anchorFound: (count, pages) =>
    plural('es', count, { one: `Aparece una vez: ${pages}.`, other: `Aparece ${count} veces: ${pages}.` }),
  pageOf: (document, page) => `${document} página ${page}`,
  removeAnchor: (text) => `Quitar el campo en «${text}»`,
  addAnchor: 'Añadir un campo por texto de anclaje',
  anchorsInvalid: 'Corrige los campos por texto de anclaje antes de guardar.',
  remindersHeading: 'Recordatorios y caducidad',
  sendReminders: 'Enviar recordatorios',
  reminderDelay: 'Días antes del primer recordatorio',
  reminderFrequency: 'Días entre recordatorios',
  expires: 'Los sobres caducan',
  expireAfter: 'Días hasta la caducidad',
  expireWarn: 'Días de aviso antes de caducar',
  reminderProblem: {
    reminderDelay: 'Los días antes del primer recordatorio deben ser un número entero.',
    reminderFrequency: 'Los días entre recordatorios deben ser un número entero.',
    expireAfter: 'Los días hasta la caducidad deben ser un número entero, al menos 1.',
    expireWarn: 'El aviso debe ser un número entero de días, menor que los días hasta la caducidad.',
  },
  remindersInvalid: 'Corrige los recordatorios y la caducidad antes de guardar.',
  documents: 'Documentos',
  addDocuments: 'Añadir documentos',
  dropHint:
    'O suelta archivos aquí. Se aceptan PDF, Word, OpenDocument, texto, HTML, hojas de cálculo e imágenes.',
  unsupported: (name) => `${name} no tiene un formato que el servicio acepte.`,
  moveUp: (name) => `Subir ${name}`,
  moveDown: (name) => `Bajar ${name}`,
  remove: (name) => `Quitar ${name}`,
  replace: (name) => `Reemplazar ${name}`,
  previewAfterSave: (name) =>
    `${name} se convierte a PDF al guardar; sus páginas aparecen aquí después de guardar.`,
  roles: 'Roles',
  addRole: 'Añadir rol',
  roleName: 'Nombre del rol',
  routingOrder: 'Orden de envío',
  roleKind: 'Tipo',
  kind: {
    signers: 'Firmante',
    carbonCopies: 'Recibe una copia',
    certifiedDeliveries: 'Debe abrirlo (entrega certificada)',
    inPersonSigners: 'Firmante en persona',
  },
  defaultDelivery: 'Entrega predeterminada',
  delivery: {
    email: 'Correo electrónico',
    SMS: 'Mensaje de texto (SMS)',
  },
  deliveryHint: 'Quien envía indica el número de teléfono al enviar.',
  placeFor: 'Colocar campos para',
  removeRole: (name) => `Quitar el rol ${name}`,
  newRoleName: (count) => `Rol ${count}`,
  nearDuplicate: (a, b) =>
    `«${a}» y «${b}» solo se diferencian en mayúsculas o espacios. Quien envía debe escribir el nombre exacto: cambia uno.`,
  sameRole: (name) =>
    `Dos roles se llaman «${name}» con el mismo orden de envío: serán un solo destinatario.`,
  palette: 'Campos',
  paletteHint:
    'Arrastra un campo a una página, o pulsa Intro sobre él para colocarlo en la página actual. Selecciona un campo colocado y usa las flechas para moverlo, y Mayús con las flechas para cambiar su tamaño.',
  fieldType: {
    signHere: 'Firma',
    initialHere: 'Iniciales',
    dateSigned: 'Fecha de firma',
    fullName: 'Nombre completo',
    email: 'Correo',
    text: 'Texto',
    number: 'Número',
    date: 'Fecha',
    checkbox: 'Casilla',
    list: 'Lista',
    numerical: 'Número con formato',
    formula: 'Fórmula',
    radioGroup: 'Botones de opción',
  },
  fieldName: (type, role, page) => `${type} de ${role}, página ${page}`,
  pageLabel: (document, page, pages) => `${document}, página ${page} de ${pages}`,
  pageThumbnail: (page) => `Ir a la página ${page}`,
  fieldsOnPage: (page, count) =>
    plural('es', count, {
      one: `Página ${page}: 1 campo`,
      other: `Página ${page}: ${count} campos`,
    }),
  noFields: 'No hay campos en esta página.',
  at: (x, y, w, h) => `en ${x}, ${y} puntos, ${w} × ${h}`,
  select: 'Seleccionar',
  properties: 'Propiedades del campo',
  noSelection: 'Selecciona un campo para cambiar sus propiedades.',
  required: 'Obligatorio',
  tabLabel: 'Etiqueta (tabLabel)',
  tooltip: 'Texto de ayuda',
  fontSize: 'Tamaño de letra',
  validationPattern: 'Patrón de validación (expresión regular)',
  validationMessage: 'Mensaje de validación',
  maxLength: 'Longitud máxima',
  listItems: 'Opciones de la lista, una por línea',
  conditionHeading: 'Mostrar este campo solo si',
  conditionParent: 'El campo',
  alwaysShown: '(siempre visible)',
  conditionValue: 'Tiene el valor',
  checkboxValue: { on: 'Marcada (on)', off: 'Sin marcar (off)' },
  noParents: 'Pon una etiqueta a otro campo de este rol para mostrar este solo cuando aquel tenga un valor.',
  groupName: 'Nombre del grupo',
  radiosHeading: 'Botones de opción del grupo',
  radioLegend: (index, value) => `Botón de opción ${index}: ${value}`,
  radioValue: 'Valor',
  defaultChoice: 'Seleccionado por defecto',
  addRadio: 'Añadir botón de opción',
  removeRadio: (value) => `Quitar el botón de opción ${value}`,
  newRadioValue: (count) => `Opción ${count}`,
  newGroupName: (count) => `Grupo ${count}`,
  formula: 'Fórmula',
  formulaHint:
    'Nombra otros campos por su etiqueta entre corchetes, p. ej. [Precio] * [Cantidad]. Funciones de fecha: AddDays, AddMonths, AddYears, DateDiff, Day, Days.',
  roundDecimalPlaces: 'Decimales',
  asComputed: '(según el cálculo)',
  hiddenFormula: 'Oculta para el destinatario',
  formatHeading: 'Formato',
  culture: 'Idioma y región',
  defaultChoiceLabel: '(predeterminado)',
  dateFormat: 'Formato de fecha',
  regionDate: '(fecha corta de la región)',
  separators: 'Separadores',
  regionSeparators: '(los de la región)',
  numberKind: 'Tipo de número',
  numberKinds: { Number: 'Número', Currency: 'Importe de dinero' },
  shownAs: (text) => `Se muestra así: ${text}`,
  tabProblem: (problem) => {
    switch (problem.kind) {
      case 'formulaInvalid':
        return `La fórmula no se puede calcular: ${problem.detail}.`
      case 'formulaCircle':
        return `Las fórmulas se refieren unas a otras en círculo: ${problem.labels.join(' → ')}.`
      case 'formulaLocaleMismatch':
        return 'Los campos numéricos que lee esta fórmula deben tener todos el mismo formato.'
      case 'conditionalParentMissing':
        return `Ningún otro campo de este rol tiene la etiqueta «${problem.label}».`
      case 'conditionalValueMissing':
        return `Indica el valor de «${problem.label}» que muestra este campo.`
      case 'conditionalValueInvalid':
        return `«${problem.label}» solo puede valer ${problem.allowed.join(', ')}.`
      case 'radioSelectedTwice':
        return 'Solo un botón de opción puede estar seleccionado por defecto.'
      case 'radioValueBlank':
        return 'Cada botón de opción necesita un valor.'
    }
  },
  fieldsInvalid: (problem) => `Corrige los campos antes de guardar. ${problem}`,
  role: 'Rol',
  position: 'Posición y tamaño (puntos)',
  left: 'Desde la izquierda',
  top: 'Desde arriba',
  width: 'Ancho',
  height: 'Alto',
  copy: 'Copiar campo',
  deleteField: 'Eliminar campo',
  noRoleForFields: 'Añade primero un rol firmante: los campos pertenecen a un rol.',
  save: 'Guardar plantilla',
  saving: 'Guardando…',
  saved: 'Plantilla guardada.',
  nameRequired: 'Ponle un nombre a la plantilla.',
  roleNamesRequired: 'Cada rol necesita un nombre.',
  loadingPages: 'Cargando páginas…',
  sendFromTemplates: 'Enviar desde plantillas',
  fieldCount: (count) => plural('es', count, { one: '1 campo', other: `${count} campos` }),
}

export const BUILDER_WORDS: Record<Language, BuilderWords> = { en, es }
