export {
  type ProgressStep,
  type ProgressStepStatus,
  ProgressSteps,
  type ProgressStepsProps,
} from './progress-steps';
