/**
 * The offline library of clinic workflows: realistic steps with owner, minutes, checks and tools.
 * A goal is matched against each template's keywords (see `matchTemplate`).
 */
import { OFFICE_TEMPLATES } from './workflow.templates.office';
import { PATIENT_TEMPLATES } from './workflow.templates.patients';
import { fold } from './workflow.text';

export interface TemplateStep {
  title: string;
  description: string;
  owner: string;
  minutes: number;
  checks: string[];
  tools: string[];
}

export interface WorkflowTemplate {
  id: string;
  title: string;
  /** Words of a goal that point at this template (matched after NFKC folding). */
  keywords: string[];
  steps: TemplateStep[];
}

/** The library in matching order (a tie goes to the earlier template). */
export const WORKFLOW_TEMPLATES: readonly WorkflowTemplate[] = [...PATIENT_TEMPLATES, ...OFFICE_TEMPLATES];

export interface TemplateMatch {
  template: WorkflowTemplate;
  /** The keywords of the template found in the goal. */
  matched: string[];
}

/**
 * The template whose keywords appear most often in the text (ties: library order), or the best
 * one with no match at all (`matched` empty: the caller says none fits).
 */
export function matchTemplate(text: string): TemplateMatch {
  const folded = fold(text);
  let best: TemplateMatch = { template: WORKFLOW_TEMPLATES[0] as WorkflowTemplate, matched: [] };
  for (const template of WORKFLOW_TEMPLATES) {
    const matched = template.keywords.filter((keyword) => folded.includes(fold(keyword)));
    if (matched.length > best.matched.length) best = { template, matched };
  }
  return best;
}
