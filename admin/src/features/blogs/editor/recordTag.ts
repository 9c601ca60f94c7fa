/** Moved to shared/logic (media metadata saves use it too); kept here so the editor's imports stay as they are. */
export { recordTag } from '../../../shared/logic/recordTag'
