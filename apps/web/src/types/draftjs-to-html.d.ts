declare module 'draftjs-to-html' {
  export default function draftToHtml(raw: unknown): string;
}
