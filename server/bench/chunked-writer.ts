import { CompiledQuery, type Kysely } from 'kysely';

export type Row = Record<string, string | number | null>;
export type AnyDb = Kysely<Record<string, Row>>;

/**
 * Writes rows of one table as multi-row inserts in chunks that stay under the database's parameter
 * limit. The statement text is built here, not by Kysely's builder: building a query tree for a
 * million values costs more than the database's own work.
 */
export class ChunkedWriter {
  private readonly texts = new Map<string, string>();

  constructor(
    private readonly db: AnyDb,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  private text(table: string, columns: string[], rows: number): string {
    const key = `${table}:${rows}`;
    const cached = this.texts.get(key);
    if (cached) return cached;
    let n = 0;
    const placeholder = () => {
      n += 1;
      return this.dialect === 'postgres' ? `$${n}` : '?';
    };
    const tuples = Array.from({ length: rows }, () => `(${columns.map(placeholder).join(',')})`);
    const text = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(',')}) values ${tuples.join(',')}`;
    this.texts.set(key, text);
    return text;
  }

  async insert(table: string, rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0] ?? {});
    const size = Math.max(1, Math.floor((this.dialect === 'sqlite' ? 30_000 : 60_000) / columns.length));
    for (let start = 0; start < rows.length; start += size) {
      const chunk = rows.slice(start, start + size);
      const parameters = chunk.flatMap((row) => columns.map((column) => row[column] ?? null));
      await this.db.executeQuery(CompiledQuery.raw(this.text(table, columns, chunk.length), parameters));
    }
  }
}
