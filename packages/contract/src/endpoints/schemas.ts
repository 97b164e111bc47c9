import { z } from 'zod';
import {
  isStaffResponseSchema,
  loginCheckResponseSchema,
  ltiExchangeBodySchema,
  ltiExchangeResponseSchema,
  signInBodySchema,
  signInResponseSchema,
  signUpBodySchema,
  signUpResponseSchema,
  ssoExchangeBodySchema,
} from '../accounts';
import {
  assignmentInputSchema,
  assignmentSchema,
  managementTableSchema,
  moveToNextStageBodySchema,
} from '../assignments';
import { calibrationEssaysSchema, calibrationSchema, calibrationUpdateSchema } from '../calibration';
import { UI } from '../constants';
import {
  codeChangeSchema,
  courseCreateSchema,
  courseRoleSchema,
  courseSchema,
  courseSummarySchema,
  courseUpdateSchema,
  dashboardCourseSchema,
  enrollChangeResponseSchema,
  enrollChangeSchema,
  enrollCreateSchema,
  learnerInfoSchema,
  learnerRowSchema,
  managerCourseQuerySchema,
  managerCourseSchema,
  userCoursesSchema,
} from '../courses';
import {
  extensionChangeSchema,
  extensionGrantSchema,
  extensionListSchema,
  extensionSchema,
} from '../extensions';
import { idParamSchema } from '../ids';
import { gradeSendSchema, gradeSendsSchema, rosterStatusSchema, rosterSummarySchema } from '../lti';
import { ltiPlatformInputSchema, ltiPlatformSchema, ltiPlatformsSchema } from '../lti-platforms';
import {
  managerAssignmentQuerySchema,
  managerAssignmentRowSchema,
  managerAssignmentSchema,
  managerCourseDetailSchema,
  managerUserCreateSchema,
  managerUserQuerySchema,
  managerUserRowSchema,
  managerUserSchema,
  managerUserUpdateSchema,
} from '../manager';
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationReadSchema,
  notificationSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
} from '../notifications';
import { configurationSchema } from '../organisations';
import { pageQuerySchema, paginatedSchema } from '../pagination';
import { performanceSaveBodySchema, performanceSchema } from '../performances';
import {
  commentCreateSchema,
  commentSchema,
  postCreateSchema,
  postSchema,
  postUpdateSchema,
  voteSchema,
} from '../posts';
import { passwordChangeSchema, profileSchema, profileUpdateSchema, standardScoreSchema } from '../profile';
import { reportQuerySchema, reportSchema, reportUpdateSchema, scoreTableSchema } from '../reports';
import {
  courseResultsSchema,
  personalScoreSchema,
  scoresByLearnerSchema,
  weightSchema,
  weightsUpdateSchema,
} from '../results';
import {
  adjustmentPreviewResultSchema,
  adjustmentPreviewSchema,
  feedbackRatingResponseSchema,
  feedbackRatingSchema,
  instructorReviewSchema,
  matchingPageSchema,
  matchingResetSchema,
  objectionCreateSchema,
  objectionRulingSchema,
  objectionSchema,
  objectionUpdateSchema,
  oneMoreReviewSchema,
  peerReviewSaveSchema,
  peerReviewSchema,
  receivedAnchorsSchema,
  reviewAdjustmentSchema,
  reviewAnchorsSaveSchema,
  reviewAnchorsSchema,
  staffFillInResultSchema,
  staffFillInSchema,
} from '../reviews';
import { revisionTraceSchema, revisionTraceUpdateSchema } from '../revision-trace';
import { supportCreateSchema, supportInquirySchema } from '../supports';
import type * as table from './index';

/** The schemas of one endpoint; each is what Fastify validates (or serialises) for it. */
export type EndpointSchema = {
  /** The path parameters: exactly the `:names` of the path. */
  params?: z.ZodObject;
  querystring?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /**
   * A multipart form's fields (files aside). Not validated by Fastify: the handler parses the
   * fields with it (`parseForm`); its presence makes the route consume multipart/form-data.
   */
  form?: z.ZodType;
  /**
   * A JSON body that may come as a multipart form instead (its fields as text, plus files): the
   * JSON body's schema. Not validated by Fastify (a body schema would refuse the form): the
   * handler reads either; the route consumes both.
   */
  jsonOrForm?: z.ZodType;
  /** The answer at the endpoint's status; absent when the answer is not JSON (a file, a workbook). */
  response?: z.ZodType;
};

type Table = typeof table;
/** Every endpoint of the table. */
export type AnyEndpoint = Table[keyof Table];
export type EndpointName = AnyEndpoint['name'];

/** `{ id }`: one id in the path. */
export const idPathSchema = z.object({ id: idParamSchema });
/** `{ id }` of a created row (201). */
export const createdIdSchema = z.object({ id: z.number().int() });
/** A 204's empty answer. */
export const noContentSchema = z.null();
const postPathSchema = z.object({ id: idParamSchema, postId: idParamSchema });
const userPathSchema = z.object({ userId: idParamSchema });
/** The notice board's pages: 3 posts a page unless asked (part 1 §9). */
export const postBoardQuerySchema = pageQuerySchema.extend({
  page_size: pageQuerySchema.shape.page_size.default(UI.noticeBoardPageSize),
});
/** A signed file link's query: its expiry (epoch seconds) and signature. */
export const signedFileQuerySchema = z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) });
const assignmentPathSchema = z.object({ id: idParamSchema, aid: idParamSchema });
const peerReviewPathSchema = assignmentPathSchema.extend({ mid: idParamSchema });
const objectionPathSchema = assignmentPathSchema.extend({ oid: idParamSchema });
const performancePathSchema = assignmentPathSchema.extend({ pid: idParamSchema });
const reportPathSchema = assignmentPathSchema.extend({ rid: idParamSchema });
/** A late participation's answer: the learner's participation status. */
const participationStatusSchema = z.object({ status: z.number().int() });
const userList = { querystring: managerUserQuerySchema, response: paginatedSchema(managerUserRowSchema) };

/**
 * The schemas of every endpoint, keyed by its name: the one place a route's shapes are written.
 * The server registers its routes from it (apps/server/src/lib/endpoints.ts); the web types its
 * calls from it (type imports only).
 */
export const endpointSchemas = {
  // organisations
  getConfiguration: { response: configurationSchema },
  getConfigurations: { response: configurationSchema },
  // accounts
  signUp: { body: signUpBodySchema, response: signUpResponseSchema },
  signIn: { body: signInBodySchema, response: signInResponseSchema },
  exchangeSsoCode: { body: ssoExchangeBodySchema, response: signInResponseSchema },
  signOut: { response: noContentSchema },
  loginCheck: { response: loginCheckResponseSchema },
  isStaff: { response: isStaffResponseSchema },
  ltiExchange: { body: ltiExchangeBodySchema, response: ltiExchangeResponseSchema },
  listLtiPlatforms: { response: ltiPlatformsSchema },
  saveLtiPlatform: { body: ltiPlatformInputSchema, response: ltiPlatformSchema },
  removeLtiPlatform: { params: idPathSchema, response: noContentSchema },
  getRosterStatus: { params: idPathSchema, response: rosterStatusSchema },
  syncRoster: { params: idPathSchema, response: rosterSummarySchema },
  listGradeSends: { params: assignmentPathSchema, response: gradeSendsSchema },
  resendGrade: { params: assignmentPathSchema.extend({ eid: idParamSchema }), response: gradeSendSchema },
  // notifications
  listNotifications: { querystring: notificationListQuerySchema, response: notificationListSchema },
  readNotification: { params: idPathSchema, body: notificationReadSchema, response: notificationSchema },
  readAllNotifications: { response: z.object({ unread: z.number().int() }) },
  getNotificationSettings: { response: notificationSettingsSchema },
  updateNotificationSettings: {
    body: notificationSettingsUpdateSchema,
    response: notificationSettingsSchema,
  },
  // profile
  getProfile: { response: profileSchema },
  updateProfile: { body: profileUpdateSchema, response: profileSchema },
  changePassword: { body: passwordChangeSchema, response: noContentSchema },
  listStandardScores: { response: z.array(standardScoreSchema) },
  // supports
  createSupport: { body: supportCreateSchema, response: createdIdSchema },
  listSupports: { querystring: pageQuerySchema, response: paginatedSchema(supportInquirySchema) },
  // enrolls
  createEnroll: { body: enrollCreateSchema, response: z.object({ course: z.number().int() }) },
  changeEnroll: { params: idPathSchema, body: enrollChangeSchema, response: enrollChangeResponseSchema },
  // files
  getFile: { params: idPathSchema, querystring: signedFileQuerySchema },
  // courses
  listUserCourses: { response: userCoursesSchema },
  getDashboard: { response: z.array(dashboardCourseSchema) },
  listCourses: { response: z.array(courseSummarySchema) },
  listCoursePages: { querystring: managerCourseQuerySchema, response: paginatedSchema(managerCourseSchema) },
  createCourse: { form: courseCreateSchema, response: createdIdSchema },
  getCourse: { params: idPathSchema, response: courseSchema },
  updateCourse: { params: idPathSchema, form: courseUpdateSchema, response: courseSchema },
  deleteCourse: { params: idPathSchema, response: noContentSchema },
  getCourseRole: { params: idPathSchema, response: courseRoleSchema },
  listLearners: { params: idPathSchema, response: z.array(learnerRowSchema) },
  countLearners: { params: idPathSchema, response: z.object({ count: z.number().int() }) },
  getLearnerInfo: { params: idPathSchema, response: learnerInfoSchema },
  changeCode: { params: idPathSchema, body: codeChangeSchema, response: z.object({ code: z.string() }) },
  getLastAssignment: { params: idPathSchema, response: z.object({ id: z.number().int().nullable() }) },
  // posts
  listPosts: {
    params: idPathSchema,
    querystring: postBoardQuerySchema,
    response: paginatedSchema(postSchema),
  },
  createPost: { params: idPathSchema, form: postCreateSchema, response: postSchema },
  getPost: { params: postPathSchema, response: postSchema },
  updatePost: { params: postPathSchema, form: postUpdateSchema, response: postSchema },
  deletePost: { params: postPathSchema, response: noContentSchema },
  vote: { params: postPathSchema, body: voteSchema, response: postSchema },
  listComments: { params: z.object({ postId: idParamSchema }), response: z.array(commentSchema) },
  createComment: {
    params: z.object({ postId: idParamSchema }),
    body: commentCreateSchema,
    response: commentSchema,
  },
  deleteComment: {
    params: z.object({ postId: idParamSchema, commentId: idParamSchema }),
    response: noContentSchema,
  },
  // manager
  listUsers: userList,
  listUsersAtRoot: userList,
  exportUsers: { querystring: managerUserQuerySchema },
  getUser: { params: userPathSchema, response: managerUserSchema },
  createUser: { body: managerUserCreateSchema, response: createdIdSchema },
  updateUser: { params: userPathSchema, body: managerUserUpdateSchema, response: managerUserSchema },
  exportCourses: { querystring: managerCourseQuerySchema },
  getManagerCourse: { params: idPathSchema, response: managerCourseDetailSchema },
  listManagerAssignments: {
    querystring: managerAssignmentQuerySchema,
    response: paginatedSchema(managerAssignmentRowSchema),
  },
  exportAssignments: { querystring: managerAssignmentQuerySchema },
  getManagerAssignment: { params: idPathSchema, response: managerAssignmentSchema },
  // assignments
  listAssignments: { params: idPathSchema, response: z.array(assignmentSchema) },
  createAssignment: { params: idPathSchema, form: assignmentInputSchema, response: assignmentSchema },
  getAssignment: { params: assignmentPathSchema, response: assignmentSchema },
  getCalibration: { params: assignmentPathSchema, response: calibrationSchema },
  getCalibrationEssays: { params: assignmentPathSchema, response: calibrationEssaysSchema },
  saveCalibration: {
    params: assignmentPathSchema,
    body: calibrationUpdateSchema,
    response: calibrationSchema,
  },
  updateAssignment: { params: assignmentPathSchema, form: assignmentInputSchema, response: assignmentSchema },
  deleteAssignment: { params: assignmentPathSchema, response: noContentSchema },
  moveToNextStage: {
    params: assignmentPathSchema,
    body: moveToNextStageBodySchema,
    response: assignmentSchema,
  },
  releaseScores: { params: assignmentPathSchema, response: assignmentSchema },
  requestLateParticipation: { params: assignmentPathSchema, response: participationStatusSchema },
  approveParticipation: {
    params: assignmentPathSchema.extend({ enrollId: idParamSchema }),
    response: participationStatusSchema,
  },
  recordAttendance: {
    params: assignmentPathSchema,
    response: z.object({ is_completed: z.boolean(), status: z.number().int() }),
  },
  getManagement: { params: assignmentPathSchema, response: managementTableSchema },
  listExtensions: { params: assignmentPathSchema, response: extensionListSchema },
  grantExtensions: {
    params: assignmentPathSchema,
    body: extensionGrantSchema,
    response: extensionListSchema,
  },
  changeExtension: {
    params: assignmentPathSchema.extend({ extensionId: idParamSchema }),
    body: extensionChangeSchema,
    response: extensionSchema,
  },
  withdrawExtension: {
    params: assignmentPathSchema.extend({ extensionId: idParamSchema }),
    response: noContentSchema,
  },
  exportStagesOfLearners: { params: assignmentPathSchema },
  exportAttachments: { params: assignmentPathSchema },
  // performances
  getPerformance: { params: performancePathSchema, response: performanceSchema },
  savePerformance: {
    params: performancePathSchema,
    jsonOrForm: performanceSaveBodySchema,
    response: performanceSchema,
  },
  saveLateEssay: {
    params: performancePathSchema,
    jsonOrForm: performanceSaveBodySchema,
    response: performanceSchema,
  },
  getRevisionTrace: { params: performancePathSchema, response: revisionTraceSchema },
  getReceivedAnchors: { params: performancePathSchema, response: receivedAnchorsSchema },
  getReviewAnchors: { params: peerReviewPathSchema, response: reviewAnchorsSchema },
  saveReviewAnchors: {
    params: peerReviewPathSchema,
    body: reviewAnchorsSaveSchema,
    response: reviewAnchorsSchema,
  },
  saveRevisionTrace: {
    params: performancePathSchema,
    body: revisionTraceUpdateSchema,
    response: revisionTraceSchema,
  },
  // reviews
  getPeerReview: { params: peerReviewPathSchema, response: peerReviewSchema },
  savePeerReview: { params: peerReviewPathSchema, body: peerReviewSaveSchema, response: peerReviewSchema },
  getInstructorReview: { params: peerReviewPathSchema, response: instructorReviewSchema },
  adjustReview: {
    params: peerReviewPathSchema,
    body: reviewAdjustmentSchema,
    response: instructorReviewSchema,
  },
  previewAdjustment: {
    params: peerReviewPathSchema,
    body: adjustmentPreviewSchema,
    response: adjustmentPreviewResultSchema,
  },
  rateReview: {
    params: peerReviewPathSchema,
    body: feedbackRatingSchema,
    response: feedbackRatingResponseSchema,
  },
  createObjection: { params: assignmentPathSchema, body: objectionCreateSchema, response: objectionSchema },
  getObjection: { params: objectionPathSchema, response: objectionSchema },
  updateObjection: { params: objectionPathSchema, body: objectionUpdateSchema, response: objectionSchema },
  withdrawObjection: { params: objectionPathSchema, response: noContentSchema },
  ruleOnObjection: { params: objectionPathSchema, body: objectionRulingSchema, response: objectionSchema },
  getMatchings: { params: assignmentPathSchema, response: matchingPageSchema },
  resetMatchings: { params: assignmentPathSchema, body: matchingResetSchema, response: matchingPageSchema },
  reviewOneMore: { params: assignmentPathSchema, response: oneMoreReviewSchema },
  staffFillIn: { params: assignmentPathSchema, body: staffFillInSchema, response: staffFillInResultSchema },
  // reports
  getReport: { params: reportPathSchema, querystring: reportQuerySchema, response: reportSchema },
  updateReport: { params: reportPathSchema, body: reportUpdateSchema, response: reportSchema },
  getScores: { params: assignmentPathSchema, response: scoreTableSchema },
  // results
  getCourseResults: { params: idPathSchema, response: courseResultsSchema },
  exportCourseResults: { params: idPathSchema },
  getWeights: { params: idPathSchema, response: z.array(weightSchema) },
  updateWeights: { params: idPathSchema, body: weightsUpdateSchema, response: z.array(weightSchema) },
  getPersonalScore: {
    params: z.object({ id: idParamSchema, eid: idParamSchema }),
    response: personalScoreSchema,
  },
  getMyScore: { params: idPathSchema, response: scoresByLearnerSchema },
} satisfies { [N in EndpointName]: EndpointSchema };

type Schemas = typeof endpointSchemas;
type Named = EndpointName | { readonly name: EndpointName };
type NameOf<N extends Named> = N extends { readonly name: infer Name extends EndpointName } ? Name : N;
type Part<N extends Named, K extends keyof EndpointSchema> = Schemas[NameOf<N>] extends {
  [P in K]: infer S extends z.ZodType;
}
  ? S
  : undefined;

/**
 * What a client sends as the JSON body (the schema's input side; a `jsonOrForm` endpoint's JSON
 * side); undefined without one.
 */
export type EndpointBody<N extends Named> =
  Part<N, 'body'> extends z.ZodType
    ? z.input<Part<N, 'body'>>
    : Part<N, 'jsonOrForm'> extends z.ZodType
      ? z.input<Part<N, 'jsonOrForm'>>
      : undefined;
/** The multipart fields a client sends (input side); undefined for a JSON endpoint. */
export type EndpointForm<N extends Named> =
  Part<N, 'form'> extends z.ZodType ? z.input<Part<N, 'form'>> : undefined;
/** The path parameters as the handler sees them (parsed). */
export type EndpointParams<N extends Named> =
  Part<N, 'params'> extends z.ZodType ? z.output<Part<N, 'params'>> : undefined;
/**
 * The query a client sends: the schema's input side, where a coerced field (input `unknown`)
 * takes a string or a number; undefined without a query schema.
 */
export type EndpointQuery<N extends Named> =
  Part<N, 'querystring'> extends z.ZodType ? QueryInput<z.input<Part<N, 'querystring'>>> : undefined;
/**
 * The JSON answer as the client reads it (the schema's output side, which is what the contract's
 * response types already are); `void` for a 204 or a non-JSON answer.
 */
export type EndpointResponse<N extends Named> =
  Part<N, 'response'> extends z.ZodNull
    ? undefined
    : Part<N, 'response'> extends z.ZodType
      ? z.output<Part<N, 'response'>>
      : unknown;

type QueryScalar = string | number | boolean;
type QueryInput<T> = { [K in keyof T]: unknown extends T[K] ? QueryScalar | undefined : T[K] };
