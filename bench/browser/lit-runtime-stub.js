// Stands in for every `lit` module the widget imports, at almost no bytes, in the bench's lower-bound build
// (lit-free-bound.ts). The build it makes is measured, never run: these do nothing useful.
export const html = (strings, ...values) => ({ strings, values });
export const svg = html;
export const nothing = Symbol();
export const noChange = Symbol();
export const render = (value, container) => {
  container.value = value;
};
export class Directive {}
export const directive = (c) => (...values) => ({ c, values });
export const PartType = { ELEMENT: 6 };
export const live = (value) => value;
export const repeat = (items, _key, template) => items.map(template);
