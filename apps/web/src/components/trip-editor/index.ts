export { PLAN_GRID_SX, PlanFields, PlanNoteField, type PlanFieldsProps } from './plan-fields';
export { StopsEditor, type StopsEditorProps } from './stops-editor';
export {
  DATE_TIME_INVALID,
  checkLocalDateTimes,
  emptyTask,
  newStop,
  planInvalidMessage,
  planPayload,
  plannedFromForm,
  stopToForm,
  type TPlanForm,
  type TPlanLabels,
  type TStopForm,
  type TTaskForm,
} from './trip-form';
