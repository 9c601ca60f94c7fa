/*
 * The admin's small icon set (Tabler, tree-shaken: each import adds only its own SVG). Row actions and toolbars take
 * their icons from here, so one action looks the same on every screen. An icon is never a control's only name: the
 * control carries an accessible name and, for icon-only buttons, a tooltip.
 */
export {
  IconArrowDown as MoveDownIcon,
  IconArrowsMove as MoveIcon,
  IconArrowsSort as SortIcon,
  IconArrowUp as MoveUpIcon,
  IconBan as RevokeIcon,
  IconChartBar as UsageIcon,
  IconCheck as ApplyIcon,
  IconChevronDown as SortDescIcon,
  IconChevronUp as SortAscIcon,
  IconCopy as CopyIcon,
  IconCrown as OwnerIcon,
  IconDownload as DownloadIcon,
  IconExternalLink as OpenIcon,
  IconGitMerge as MergeIcon,
  IconGripVertical as DragIcon,
  IconHistory as LogIcon,
  IconLock as BlockIcon,
  IconLockOpen as UnblockIcon,
  IconPencil as EditIcon,
  IconPlayerPause as PauseIcon,
  IconPlayerPlay as ResumeIcon,
  IconPlus as AddIcon,
  IconRefresh as RetryIcon,
  IconSearch as SearchIcon,
  IconSend as SendIcon,
  IconSettings as SettingsIcon,
  IconTrash as DeleteIcon,
} from '@tabler/icons-react'
