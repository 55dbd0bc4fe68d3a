import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { queryNoticeFor } from '../lib/query-notices.js';
import { toast } from '../lib/toast.js';

/** Shows the toast a redirect asked for in the query string, then removes it from the address. */
export function useQueryNotices(): void {
  const [path, navigate] = useLocation();
  const search = useSearch();

  useEffect(() => {
    const notice = queryNoticeFor(path, search);
    if (!notice) return;
    toast(notice.toast);
    navigate(`${path}${notice.remainingSearch}`, { replace: true });
  }, [path, search, navigate]);
}
