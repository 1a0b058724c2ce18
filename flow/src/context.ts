/** What every step can reach: the session API, the parent bridge and the flow's navigation. */
import type { SessionApi } from './api.js';
import type { Bridge } from './bridge.js';
import type { FlowError } from './errors.js';

export type StepName =
  | 'welcome'
  | 'handoff'
  | 'document_choice'
  | 'document_front'
  | 'document_back'
  | 'selfie'
  | 'submitting'
  | 'done';

export interface FlowContext {
  api: SessionApi;
  bridge: Bridge;
  /** Reports a step change to the parent and moves the progress indicator. */
  enterStep(step: StepName): void;
  /** Re-reads the session state and shows the step it calls for. */
  refresh(): Promise<void>;
  /** Reports a recoverable error without leaving the screen (camera denied, retake needed). */
  reportError(error: FlowError): void;
  /** Handles any other failure: error screen, resume from state, or a retry button running `retry`. */
  handleError(error: unknown, retry: () => void): void;
  /** Back to the choice of document, where the merchant accepts several; undefined otherwise. */
  chooseDocument?: () => void;
  /** On a desktop: switches to "continue on your phone"; undefined where it is not offered. */
  continueOnPhone?: () => void;
}
