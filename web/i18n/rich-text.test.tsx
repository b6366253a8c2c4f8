import { describe, expect, test } from "bun:test";
import { render } from "@testing-library/react";
import { i18n } from ".";
import { richText } from "./rich-text";
import "./areas/admin";

const html = (nodes: ReturnType<typeof richText>) => render(<p>{nodes}</p>).container.innerHTML;

describe("richText", () => {
  test("paired tags hold their text, self-closing ones stand as they are", () => {
    expect(html(richText("From <from/> to <to/>", { from: <b>Ann</b>, to: <i>Quay</i> }))).toBe(
      "<p>From <b>Ann</b> to <i>Quay</i></p>",
    );
    expect(html(richText("Kept in <code>a.db</code>.", { code: <code className="x" /> }))).toBe(
      '<p>Kept in <code class="x">a.db</code>.</p>',
    );
  });

  test("entities read as characters; an unknown tag stays text", () => {
    expect(
      html(richText("Send <code>Bearer &lt;token&gt;</code> &amp; <x/>", { code: <code /> })),
    ).toBe("<p>Send <code>Bearer &lt;token&gt;</code> &amp; &lt;x/&gt;</p>");
  });

  test("values go in as text, literally, in the text and inside a tag", () => {
    const values = { name: "Tom &amp; Jerry", file: "<code>x</code>.db" };
    const nodes = richText(
      (places) => i18n.t("admin.deleteAll.keptIn", { file: places.file }),
      { code: <code /> },
      values,
    );
    expect(html(nodes)).toBe(
      "<p>The data as it was is kept in the backup <code>&lt;code&gt;x&lt;/code&gt;.db</code>.</p>",
    );
    expect(html(richText("Hello {{name}}, <b>{{name}}</b>", { b: <b /> }, values))).toBe(
      "<p>Hello Tom &amp;amp; Jerry, <b>Tom &amp;amp; Jerry</b></p>",
    );
  });
});
