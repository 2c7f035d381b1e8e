/**
 * What text a field may hold. A name, an e-mail or a title is one line: no control character at
 * all, so that a CSV export, a spreadsheet or an e-mail header cannot be split by a stray carriage
 * return (issue 22 item 12). Notes and messages may hold tabs and line breaks, nothing else.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const ONE_LINE = /^[^\u0000-\u001F\u007F]*$/;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
