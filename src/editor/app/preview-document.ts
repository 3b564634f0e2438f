/**
 * The preview's page as the frame gets it: parsed from the server's HTML, inert and out of the way
 * of the keyboard. The server renders it with the site's own views; here it is only made a picture.
 */

const FOCUSABLE = 'a[href], area[href], button, input, select, textarea, summary, iframe, audio[controls], video[controls], [tabindex], [contenteditable]';

export function parse(html: string): Document {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // The preview is inert: dev-server scripts (HMR) would reload it on their own.
  doc.querySelectorAll('script').forEach((script) => script.remove());
  // Nor is it a stop for the keyboard: Tab from the outline went through every link of the page (49
  // of them on the home page) before reaching the form. A click still selects a section.
  doc.querySelectorAll(FOCUSABLE).forEach((element) => element.setAttribute('tabindex', '-1'));
  return doc;
}
