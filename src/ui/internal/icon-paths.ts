// The launcher's two icons as one SVG path each (24×24, stroked), drawn with DOM calls; the panel's templates
// (icons.ts) draw the same paths. The panel's other icons live with it. No external images.
export const phonePath =
  'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z';
export const closePath = 'M6 6l12 12M18 6L6 18';

const SVG = 'http://www.w3.org/2000/svg';

/** A decorative icon element drawing `path` (the buttons carry the names). */
export function iconElement(path: string): SVGSVGElement {
  const icon = document.createElementNS(SVG, 'svg');
  const attributes: Record<string, string> = {
    class: 'icon',
    viewBox: '0 0 24 24',
    width: '24',
    height: '24',
    'aria-hidden': 'true',
    focusable: 'false',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  };
  for (const [key, value] of Object.entries(attributes)) icon.setAttribute(key, value);
  const shape = document.createElementNS(SVG, 'path');
  shape.setAttribute('d', path);
  icon.append(shape);
  return icon;
}
