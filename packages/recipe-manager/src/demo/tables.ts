/** Key/value facts the service records about itself, e.g. that the demo data was inserted once. */
export interface ServiceStateTable {
  key: string
  value: string
}

export interface DemoTables {
  service_state: ServiceStateTable
}
