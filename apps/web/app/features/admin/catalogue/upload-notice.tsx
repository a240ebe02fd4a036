/** What a plain upload or import answered (no JavaScript), already in the page's language. */
export function UploadNoticeText({ notice }: { notice: { ok: boolean; message: string } }) {
  return (
    <p className={notice.ok ? "notice" : "notice notice--error"} role={notice.ok ? "status" : "alert"}>
      {notice.message}
    </p>
  );
}
