type Child = Node | string | null | false | undefined;

/**
 * An element with its attributes and children (falsy children are left out). The public page is
 * built with the DOM alone: React and styled-components would be most of its JavaScript (issue 39).
 */
export const h = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] => {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
};

/** Puts a stylesheet in the document once (the app shows the public page too, on in-app visits). */
export const addStyle = (id: string, css: string): void => {
  if (document.getElementById(id)) return;
  document.head.append(h('style', { id }, css));
};
