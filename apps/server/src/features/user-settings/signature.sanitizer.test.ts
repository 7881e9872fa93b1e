import { describe, expect, it } from "vitest";
import { sanitizeSignature, UnsafeHtmlError } from "./signature.sanitizer.ts";

describe("signature sanitizer", () => {
  it.each([
    ["a script", "<p>Hi</p><script>alert(1)</script>", "<script>"],
    ["a style element", "<STYLE>p { color: red }</STYLE><p>Hi</p>", "<style>"],
    ["an event handler", '<img src="logo.png" onerror="alert(1)">', "onerror"],
    ["an event handler in capitals", '<p OnClick="alert(1)">x</p>', "onclick"],
    ["a javascript: link", '<a href="javascript:alert(1)">me</a>', "javascript"],
    ["a javascript: link with a leading space", '<a href=" javascript:alert(1)">me</a>', "javascript"],
    ["a javascript: link split by an encoded tab", '<a href="java&#x09;script:alert(1)">me</a>', "script"],
    ["a javascript: link with an encoded colon", '<a href="javascript&colon;alert(1)">me</a>', "javascript"],
    ["a vbscript: image", '<img src="vbscript:msgbox(1)">', "vbscript"],
    ["a data: document as an image", '<img src="data:text/html;base64,PHNjcmlwdD4=">', "data:text/html"],
    ["a data: link", '<a href="data:image/png;base64,iVBORw0KGgo=">x</a>', "data:image"],
    ["script in inline CSS", '<p style="background:url(javascript:alert(1))">x</p>', "style"],
    ["a CSS expression", '<p style="width: expression(alert(1))">x</p>', "style"],
    ["an iframe", '<iframe src="https://evil.example"></iframe>', "<iframe>"],
    ["an svg", '<svg onload="alert(1)"><circle/></svg>', ""],
    ["a form", '<form action="https://evil.example"><input name="x"></form>', "<form>"],
    ["a document declaration", "<!DOCTYPE html><p>x</p>", "declarations"],
  ])("refuses %s", (_what, html, mentions) => {
    expect(() => sanitizeSignature(html)).toThrow(UnsafeHtmlError);
    expect(() => sanitizeSignature(html)).toThrow(mentions);
  });

  it("keeps allowed markup and drops comments, unknown tags and attributes", () => {
    expect(
      sanitizeSignature(
        '<p class="sig" data-x="1"><b>Ada</b> <blink>King</blink> <a href="https://ada.example" target="_blank">site</a></p><!-- note -->',
      ),
    ).toBe('<p class="sig"><b>Ada</b> King <a href="https://ada.example" target="_blank" rel="noopener noreferrer">site</a></p>');
  });

  it("keeps safe links, inline styles, tables and embedded png/jpeg/gif images", () => {
    const html =
      '<table border="0" cellpadding="2"><tr><td colspan="2" style="color:#333; font-size: 12px">' +
      '<a href="mailto:ada@example.com">mail</a> <a href="tel:+441234">call</a> <a href="/about">about</a> <a href="#top">top</a>' +
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="logo"></td></tr></table>';
    const out = sanitizeSignature(html);
    expect(out).toContain('style="color:#333; font-size: 12px"');
    expect(out).toContain('href="mailto:ada@example.com"');
    expect(out).toContain('href="tel:+441234"');
    expect(out).toContain('href="/about"');
    expect(out).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(out).toContain('<td colspan="2"');
  });

  it("escapes text and stores an empty signature as empty", () => {
    expect(sanitizeSignature("Tom &amp; Jerry, 1 < 2")).toBe("Tom &amp; Jerry, 1 &lt; 2");
    expect(sanitizeSignature("   ")).toBe("");
  });
});
