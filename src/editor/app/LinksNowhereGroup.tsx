/**
 * The Problems panel's “Links that lead nowhere”: menu items, buttons, link fields and links inside
 * texts whose page was deleted or never was (a typo), or whose image is not uploaded. Warnings, not
 * problems: the site builds and saves with them, but visitors who follow one get “page not found”.
 * Each opens its field, as a problem does.
 */
import { problemLocation, type ProblemLocation } from '../lib/problems';
import type { LinksNowhereOf } from '../lib/links-nowhere-list';
import type { Docs } from '../lib/model';
import { pointerLabel } from '../lib/store/issue-details';
import { ProblemIssue } from './ProblemIssue';

interface Props {
  groups: readonly LinksNowhereOf[];
  docs: Docs;
  onOpen(location: ProblemLocation): void;
}

export function LinksNowhereGroup({ groups, docs, onOpen }: Props) {
  const count = groups.reduce((sum, group) => sum + group.links.length, 0);
  if (count === 0) return null;
  return (
    <section className="links-nowhere" aria-labelledby="links-nowhere-title">
      <h3 id="links-nowhere-title" className="links-nowhere-title">
        Links that lead nowhere <span className="badge badge-warning">{count}</span>
      </h3>
      <p className="problems-summary">Visitors who follow {count === 1 ? 'this link' : 'these links'} get “page not found”. The site still builds: {count === 1 ? 'point it at a page that exists, or remove it' : 'point each at a page that exists, or remove it'}, then save.</p>
      <ul className="problems-list">
        {groups.map((group) => (
          <li key={group.file} className="problem-file problem-file-warning">
            <div className="problem-file-head">
              <strong>{group.name}</strong>
            </div>
            <ul className="problem-issues">
              {group.links.map(({ pointer, link, sentence }) => {
                const location = problemLocation(docs, group.file, pointer);
                const where = pointerLabel(docs, group.file, pointer);
                return <ProblemIssue key={`${pointer}\n${link}`} name={group.name} where={where} warning message={sentence} location={location} onOpen={onOpen} />;
              })}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
