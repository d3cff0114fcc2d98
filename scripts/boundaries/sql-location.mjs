// SQL lives in repositories: in the API's sources a string or template literal that holds a SQL
// statement may appear only in `*.repository.ts` files and in the database layer (`src/db/`, with the
// migrations). Literals are found with the TypeScript parser, so comments and identifiers never count.
import ts from 'typescript';

/**
 * A statement: a literal that starts with a SQL command (written in capitals, as everywhere here), or
 * holds a clause only SQL writes.
 */
const STARTS_AS_SQL =
  /^\s*(?:\/\*[\s\S]*?\*\/\s*)?(?:SELECT|INSERT|UPDATE|DELETE|WITH|MERGE|LISTEN|UNLISTEN|NOTIFY|LOCK|TRUNCATE|SET\s+(?:LOCAL|SESSION)|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|CREATE|ALTER|DROP|COPY|VACUUM|ANALYZE|EXPLAIN)\b/;
const SQL_CLAUSE =
  /\b(?:SELECT\s[\s\S]*?\bFROM\s|INSERT\s+INTO\s|UPDATE\s+\S+\s+SET\s|DELETE\s+FROM\s|ON\s+CONFLICT\b|RETURNING\s)/;

/** Files where SQL belongs (paths relative to the repository, with forward slashes). */
export function mayHoldSql(file) {
  return (
    file.endsWith('.repository.ts') ||
    file.startsWith('apps/api/src/db/') ||
    /\.test\.ts$/.test(file) ||
    !file.startsWith('apps/api/src/')
  );
}

function literalText(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    // The interpolations count as a word each, so `SELECT ${cols} FROM` still reads as SQL.
    return [node.head.text, ...node.templateSpans.map((s) => `x${s.literal.text}`)].join(' ');
  }
  return undefined;
}

export function looksLikeSql(text) {
  return STARTS_AS_SQL.test(text) || SQL_CLAUSE.test(text);
}

/** The SQL literals of one source text: [{ line, text }]. */
export function findSqlLiterals(fileName, source) {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    const text = literalText(node);
    if (text !== undefined) {
      if (looksLikeSql(text)) {
        const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
        found.push({ line: line + 1, text: text.replace(/\s+/g, ' ').trim().slice(0, 80) });
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Problems in the given files ({ file, source }), each '<file>:<line>: …'. */
export function checkSqlLocation(files) {
  const problems = [];
  for (const { file, source } of files) {
    if (mayHoldSql(file) || !/\.(ts|mts|tsx)$/.test(file)) continue;
    for (const { line, text } of findSqlLiterals(file, source)) {
      problems.push(`${file}:${line}: SQL outside a repository (move it to a *.repository.ts): ${text}`);
    }
  }
  return problems;
}
