/**
 * An image URL a change writes must lead to an uploaded image. Deleting an image in use is refused
 * (plan.ts), but that guard looks at what is saved: a page edited to show an image, saved after
 * someone else deleted that image, went live with a broken image, and so did a hero naming an image
 * never uploaded. So a change may not write a document naming an image under /assets/images/ that
 * is not there after it (in any spelling: `?v=2` after it, percent-escapes). Only references the
 * change brings are judged: a document that named a missing image before (an image removed by
 * hand) is still saved when written again for another reason. External URLs are not judged. A link
 * in a Markdown field to an image (`[plan](/assets/images/plan.png)`) names it as a field does.
 */
import { siteMarkdown as markdown } from '../../engine/site-markdown';
import { imageReferences, type ImageReference } from '../../engine/references';
import type { ContentSnapshot } from '../../engine/snapshot';
import { IMAGES_PREFIX, type FileIssue } from './changeset';
import type { Plan } from './plan';

const imageName = (file: string) => file.slice(IMAGES_PREFIX.length);

/** The uploaded images after the plan, by file name, or undefined when the snapshot does not list them. */
export function imagesAfter(before: ContentSnapshot, plan: Plan): Set<string> | undefined {
  const listed = before.uploadedImages?.();
  if (!listed) return undefined;
  const images = new Set(listed);
  for (const file of plan.imageRemovals) images.delete(imageName(file));
  for (const [from, to] of plan.imageMoves) {
    images.delete(imageName(from));
    images.add(imageName(to));
  }
  return images;
}

const missingIssue = (file: string, { pointer, url }: ImageReference): FileIssue => ({
  file,
  path: pointer,
  message: `no uploaded image has this address (${url}): it was deleted or renamed since, or never uploaded. Upload it again, or choose another image`,
});

/** Every image URL a document the plan writes newly names that leads to no uploaded image after it. */
export function missingImageIssues(before: ContentSnapshot, plan: Plan, images: ReadonlySet<string>): FileIssue[] {
  const movedFrom = new Map([...plan.moves].map(([from, to]) => [to, from]));
  // An image the change deletes is named by the plan's own issue (still points at …); one it moves, rewritten.
  const deleted = new Set(plan.imageRemovals.map(imageName));
  const issues: FileIssue[] = [];
  for (const [file, document] of plan.documents) {
    if (document === undefined) continue;
    const missing = imageReferences(document, { file, markdown }).filter((reference) => !images.has(reference.name) && !deleted.has(reference.name));
    if (missing.length === 0) continue;
    // What the document named before, where it was (a moved file, at its old path): not the change's doing.
    const was = movedFrom.get(file) ?? file;
    const named = new Set(imageReferences(before.get(was), { file: was, markdown }).map((reference) => reference.name));
    issues.push(...missing.filter((reference) => !named.has(reference.name)).map((reference) => missingIssue(file, reference)));
  }
  return issues;
}
