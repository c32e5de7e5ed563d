import type {
  CompiledQuery,
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  UnknownRow,
} from 'kysely'

/**
 * Keeps the SQL and parameters of every query run through it (`db.withPlugin(recorder)`), so a test or a
 * benchmark can ask the database how it runs them (`explain`). Changes nothing it sees. A subquery built
 * as its own builder (`.as(...)`) is kept on its own too, before the query that holds it.
 */
export class QueryRecorder implements KyselyPlugin {
  readonly queries: CompiledQuery[] = []
  constructor(private readonly db: Pick<Kysely<never>, 'getExecutor'>) {}
  transformQuery(args: PluginTransformQueryArgs) {
    this.queries.push(this.db.getExecutor().compileQuery(args.node, args.queryId))
    return args.node
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result
  }
}
