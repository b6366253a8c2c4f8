import { describe, expect, test } from "bun:test";
import { render } from "@testing-library/react";
import { richText } from "./rich-text";

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
});
