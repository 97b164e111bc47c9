// The side menu's dialogs, in one chunk loaded when the first of them opens.
export { FareModal } from '../../components/FareModal';
export { CourseCreateModal } from '../../features/courses/components/CourseCreateModal';
export { EnrollModal } from '../../features/enrolls/components/EnrollModal';
