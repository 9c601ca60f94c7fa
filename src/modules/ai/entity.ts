import { defineEntity } from '../../core/entities.js'

/** A site's AI configuration (audited as Update on ai_config when saved); addressed by its site, never by id. */
export const aiConfigEntity = defineEntity({ name: 'ai_config', label: 'AI configuration' })
/** One generation (audited as Create on ai_generation, with the action only: never the content or the key). */
export const aiGenerationEntity = defineEntity({ name: 'ai_generation', label: 'AI generation' })
