// Your data (issue 22): the backup ZIP, importing saved places, deleting the account; one module per part in
// app/models/account-data/.
export {
  deleteAccount,
  deletionConfirmation,
  TYPE_EMAIL,
  TYPE_USERNAME,
  tombstoneEmail,
} from "./delete.server";
export { type AccountArchive, exportAccountData } from "./export.server";
export {
  confirmImport,
  IMPORT_FILE_MISSING,
  IMPORT_FILE_TOO_LARGE,
  type ImportMatch,
  type ImportPreview,
  type ImportResult,
  previewImport,
  readImportUpload,
} from "./import.server";
