/**
 * Finds literal text in a .tsx file's JSX (decision 065's ratchet, web/i18n/catalogue.test.ts):
 * text a person reads that is not from the catalogue. Parsed with TypeScript's own parser.
 */
import ts from "typescript";

/** The attributes that are read by people (or screen readers). */
const TEXT_ATTRIBUTES = new Set(["label", "title", "aria-label", "placeholder", "alt"]);

/** The literal texts in a .tsx file's JSX: text children, "text" children, text attributes. */
export function literalJsxText(source: string, fileName = "file.tsx"): string[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const hasWords = (text: string) => /\p{L}{2,}/u.test(text);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(node.text.trim());
    else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isStringLiteral(node.expression) ||
        ts.isNoSubstitutionTemplateLiteral(node.expression)) &&
      !ts.isJsxAttribute(node.parent) &&
      hasWords(node.expression.text)
    ) {
      found.push(node.expression.text);
    } else if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(file))) {
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value
          : value &&
              ts.isJsxExpression(value) &&
              value.expression &&
              ts.isStringLiteral(value.expression)
            ? value.expression
            : null;
      if (literal && hasWords(literal.text)) found.push(literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
