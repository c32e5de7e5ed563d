/** Opens a `<dialog>` as a modal once: focus moves into it, Escape cancels, the page behind is inert. */
export function showAsModal(element: HTMLDialogElement | null) {
  if (element && !element.hasAttribute('data-modal')) {
    element.close()
    element.showModal()
    element.setAttribute('data-modal', '')
  }
}
