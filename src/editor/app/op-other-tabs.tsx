/**
 * The delete and rename dialog's warning about other open tabs (ContentOpsDialog.tsx): their
 * unsaved changes that use the thing are not on the server, so the change here cannot follow them.
 */
import { useEffect, useState } from 'react';
import { openElsewhereDrafts, type Draft } from '../lib/drafts';
import type { OtherTabsUses } from '../lib/other-tabs-uses';
import { liveTabs, THIS_TAB } from './tab-presence';
import { ReferrerList } from './op-referrers';

/** The drafts of this user's other open tabs, read once when the dialog opens (empty until the open tabs are known). */
export function useOtherTabsDrafts(user: string): readonly Draft[] {
  const [drafts, setDrafts] = useState<readonly Draft[]>([]);
  useEffect(() => {
    let current = true;
    void liveTabs().then((live) => {
      if (current) setDrafts(openElsewhereDrafts(window.localStorage, THIS_TAB, live, user));
    });
    return () => {
      current = false;
    };
  }, [user]);
  return drafts;
}

export function OtherTabsWarning({ action, found }: { action: 'delete' | 'rename'; found: OtherTabsUses }) {
  if (found.uses.length === 0) return null;
  const consequence =
    action === 'delete'
      ? 'If you delete it now, those changes will point at something that is gone, and saving them will be refused.'
      : 'A rename updates only what is saved, so those changes would keep the old name, which will lead nowhere.';
  return (
    <div className="notice notice-warning notice-stacked" role="alert">
      <p>
        Another open tab of the editor uses it in changes that are not saved yet. {consequence} Save those changes there first (or take it out of them):
      </p>
      <ReferrerList referrers={found.uses} docs={found.docs} />
    </div>
  );
}
