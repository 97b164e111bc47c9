// The side menu's and the dashboard tutorial's dialogs (with their forms and zod rules), in one
// chunk that loads when the first of them opens (see OnDemandDialog).
export { FareModal } from '../../components/FareModal';
export { CourseCreateModal } from '../../features/courses/components/CourseCreateModal';
export { EnrollModal } from '../../features/enrolls/components/EnrollModal';
