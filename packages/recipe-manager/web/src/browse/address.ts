/** What the browse page shows, as held in its address: `/?q=creme&tag=1&tag=3&page=2`. */
export interface BrowseState {
  query: string
  tags: number[]
  page: number
}

export function readBrowseState(search: string): BrowseState {
  const parameters = new URLSearchParams(search)
  const page = Number(parameters.get('page') ?? '1')
  return {
    query: parameters.get('q') ?? '',
    tags: parameters
      .getAll('tag')
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  }
}

export function browseAddress(state: BrowseState): string {
  const parameters = new URLSearchParams()
  if (state.query) parameters.set('q', state.query)
  for (const tag of state.tags) parameters.append('tag', String(tag))
  if (state.page > 1) parameters.set('page', String(state.page))
  const text = parameters.toString()
  return text ? `/?${text}` : '/'
}
