// Generated from docs/openapi.json by `npm run generate -w @cpm/client`. Do not edit.

export type paths = {
    "/app/v1/app/app/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Edits an app's name, type, description, notes and visibility
         * @description Requires permission `app:mine:version`.
         */
        post: operations["app_app_app_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/app/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deletes an app with its versions; refused while it is launched
         * @description Requires permission `app:mine:delete`.
         */
        post: operations["app_app_app_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/app/getById": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One app: versions, screenshots, permissions and how many terminals run which version
         * @description Requires permission `app:detail:view`.
         */
        get: operations["app_app_app_getById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/app/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's own apps (and those of accounts below it) in every state
         * @description Requires permission `app:mine:view`.
         */
        get: operations["app_app_app_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/app/screenshot/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Removes a screenshot of an app
         * @description Requires permission `app:mine:version`.
         */
        post: operations["app_app_app_screenshot_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/app/screenshot/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adds a screenshot (multipart `file`): JPG or PNG by content, at most 1 MB
         * @description Requires permission `app:mine:version`.
         */
        post: operations["app_app_app_screenshot_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/app/shelf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Launches (needs an approved version) or unlaunches an app
         * @description Requires permission `app:app:shelf`.
         */
        post: operations["app_app_app_shelf"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/app/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Uploads an APK (multipart: the fields of ApkUploadFields, then `file`): a new app, or a new version of the same package and signer
         * @description Requires permission `app:mine:upload`.
         */
        post: operations["app_app_app_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/audit/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approves or rejects (with a reason) a pending version
         * @description Requires permission `app:audit:audit`.
         */
        post: operations["app_app_audit_audit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/audit/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Versions to review (pending first), each compared with its previous version
         * @description Requires permission `app:audit:view`.
         */
        get: operations["app_app_audit_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/market/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The market: launched apps the caller may see (public, or private to its enterprise and sub-accounts), by name, type and model
         * @description Requires permission `app:app:view`.
         */
        get: operations["app_app_market_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/record/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The operation records of the current filter as an Excel workbook
         * @description Requires permission `app:record:export`.
         */
        get: operations["app_app_record_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/record/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * App operation records: uploads, reviews, shelf and release changes, installs per terminal
         * @description Requires permission `app:record:view`.
         */
        get: operations["app_app_record_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/version/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deletes a version that was never released
         * @description Requires permission `app:mine:delete`.
         */
        post: operations["app_app_version_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/version/getList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Version query: the approved versions of the market apps whose name contains `appName` (required), newest first
         * @description Requires permission `app:app:view`.
         */
        get: operations["app_app_version_getList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/version/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A gray release's health: crashes, ANRs, failed installs and offline share against the rest
         * @description Requires permission `app:mine:view`.
         */
        get: operations["app_app_version_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/version/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Gray release to target SNs, official release, pause, or rollback (terminals go back to the previous released version)
         * @description Requires permission `app:mine:gray`.
         */
        post: operations["app_app_version_release"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/version/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submits a version for review (first time, or again after a rejection)
         * @description Requires permission `app:mine:version`.
         */
        post: operations["app_app_version_submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/version/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Edits a version's release notes, OS and model range (while not submitted or rejected) and its auto-update flag
         * @description Requires permission `app:mine:version`.
         */
        post: operations["app_app_version_update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/v1/app/windows/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Uploads a Windows installer (multipart: the fields of WindowsUploadFields, then `file`): EXE, MSI or ZIP by content
         * @description Requires permission `app:windows:upload`.
         */
        post: operations["app_app_windows_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/agent/alarm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Alarms raised and cleared, and the snapshot of standing alarms after every connection
         * @description Requires permission `undefined`.
         */
        post: operations["device_agent_alarm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/agent/blob/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A terminal downloads a file of its enterprise (or one above it); Range and ETag as for download
         * @description Requires permission `undefined`.
         */
        get: operations["device_agent_blob_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/agent/command/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A terminal sends the file a command asked for (a screenshot or a log), multipart field `file`
         * @description Requires permission `undefined`.
         */
        post: operations["device_agent_command_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/agent/enroll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A registered SN with its enterprise's enrollment key receives its secret */
        post: operations["device_agent_enroll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/agent/event": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Boot, shutdown, peripheral and app events
         * @description Requires permission `undefined`.
         */
        post: operations["device_agent_event"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/agent/heartbeat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Vital signs; answers the heartbeat period and pending work
         * @description Requires permission `undefined`.
         */
        post: operations["device_agent_heartbeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/agent/hello": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hardware and versions, on every boot
         * @description Requires permission `undefined`.
         */
        post: operations["device_agent_hello"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/agent/location": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A location fix
         * @description Requires permission `undefined`.
         */
        post: operations["device_agent_location"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/agent/output": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Output of a command, such as a requested log
         * @description Requires permission `undefined`.
         */
        post: operations["device_agent_output"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/agent/policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The terminal's whole effective policy, to apply (sent after every hello and on demand)
         * @description Requires permission `undefined`.
         */
        get: operations["device_agent_policy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/agent/policy/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Per-field results of a policy document and actual values changed on the terminal
         * @description Requires permission `undefined`.
         */
        post: operations["device_agent_policy_report"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/agent/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The terminal goes offline (or back online) on purpose
         * @description Requires permission `undefined`.
         */
        post: operations["device_agent_status"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/agent/sysFile/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A terminal downloads a system file of its enterprise or the platform by sha256; Range, If-Range and ETag for resuming
         * @description Requires permission `undefined`.
         */
        get: operations["device_agent_sysFile_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/agent/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The terminal's pending work; waiting deliveries become pulled
         * @description Requires permission `undefined`.
         */
        get: operations["device_agent_tasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/agent/tasks/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Results of pulled work (executed, success, failure, deferred); states only move forward
         * @description Requires permission `undefined`.
         */
        post: operations["device_agent_tasks_report"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/broker/emqx/authenticate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** EMQX HTTP authentication */
        post: operations["device_broker_emqx_authenticate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/broker/emqx/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** EMQX HTTP authorization */
        post: operations["device_broker_emqx_authorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/broker/mosquitto/acl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mosquitto go-auth: may this client read or write this topic */
        post: operations["device_broker_mosquitto_acl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/broker/mosquitto/superuser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mosquitto go-auth: is this client the server itself */
        post: operations["device_broker_mosquitto_superuser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/broker/mosquitto/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mosquitto go-auth: may this client connect (200 yes, 403 no) */
        post: operations["device_broker_mosquitto_user"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/dataCenter/monitor/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fleet activity over a range: daily counts, breakdowns, hour-by-weekday heat map, longest offline
         * @description Requires permission `data:monitor:view`.
         */
        get: operations["device_dataCenter_monitor_overview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/dataCenter/reports/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create (data:report:add) or edit (data:report:edit) a scheduled report
         * @description Any signed-in user.
         */
        post: operations["device_dataCenter_reports_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/dataCenter/reports/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a scheduled report
         * @description Requires permission `data:report:delete`.
         */
        post: operations["device_dataCenter_reports_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/dataCenter/reports/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Scheduled reports of the caller's accounts, paged
         * @description Requires permission `data:report:view`.
         */
        get: operations["device_dataCenter_reports_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/dataCenter/reports/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause or resume a scheduled report
         * @description Requires permission `data:report:edit`.
         */
        post: operations["device_dataCenter_reports_pause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/dataCenter/reports/sendNow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a report at once, covering the period that ends now (a job)
         * @description Requires permission `data:report:send`.
         */
        post: operations["device_dataCenter_reports_sendNow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/dataCenter/runRecord/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One terminal's activity over a range: series for the charts, totals and events
         * @description Requires permission `data:runDetail:view`.
         */
        get: operations["device_dataCenter_runRecord_detail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/dataCenter/runRecord/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The filtered run records as an Excel file
         * @description Requires permission `data:run:export`.
         */
        get: operations["device_dataCenter_runRecord_export_get"];
        put?: never;
        /**
         * The filtered run records as an Excel file
         * @description Requires permission `data:run:export`.
         */
        post: operations["device_dataCenter_runRecord_export_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/dataCenter/runRecord/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Run records: one row per terminal and day, filtered, sorted and paged
         * @description Requires permission `data:run:view`.
         */
        get: operations["device_dataCenter_runRecord_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/alerts/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Acknowledge open alerts with a note (recorded in the operation log)
         * @description Requires permission `device:alert:handle`.
         */
        post: operations["device_device_alerts_acknowledge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/alerts/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close alerts with a note (recorded in the operation log)
         * @description Requires permission `device:alert:handle`.
         */
        post: operations["device_device_alerts_close"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/alerts/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alerts of the caller's terminals, newest first
         * @description Requires permission `device:alert:view`.
         */
        get: operations["device_device_alerts_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/alerts/incidents/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Incidents (alerts of one rule grouped), newest first
         * @description Requires permission `device:alert:view`.
         */
        get: operations["device_device_alerts_incidents_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/alerts/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's own alert notice preferences
         * @description Any signed-in user.
         */
        get: operations["device_device_alerts_preferences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/alerts/preferences/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save the caller's own alert notice preferences
         * @description Any signed-in user.
         */
        post: operations["device_device_alerts_preferences_save"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/alerts/rules/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create (device:alertRule:add) or edit (device:alertRule:edit) an alert rule
         * @description Any signed-in user.
         */
        post: operations["device_device_alerts_rules_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/alerts/rules/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete an alert rule; its alerts are closed and kept in the history
         * @description Requires permission `device:alertRule:delete`.
         */
        post: operations["device_device_alerts_rules_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/alerts/rules/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alert rules of the caller's accounts, paged
         * @description Requires permission `device:alertRule:view`.
         */
        get: operations["device_device_alerts_rules_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/alerts/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open alerts by severity (the dashboard figure)
         * @description Requires permission `device:alert:view`.
         */
        get: operations["device_device_alerts_summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/alerts/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One alert's history: raised, repeated, acknowledged, notified, closed
         * @description Requires permission `device:alert:view`.
         */
        get: operations["device_device_alerts_timeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/dashboard/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fleet figures for the dashboard
         * @description Requires permission `dashboard:home:view`.
         */
        get: operations["device_device_dashboard_overview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/exitRecord/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Factory exit records (terminals warehoused or shipped, not yet activated)
         * @description Requires permission `device:exit:view`.
         */
        get: operations["device_device_exitRecord_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/exitRecord/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import SN lists: creates warehoused or shipped terminals, all rows or none
         * @description Requires permission `device:exit:import`.
         */
        post: operations["device_device_exitRecord_import"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/exitRecord/template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Excel template for factory exit records
         * @description Requires permission `device:exit:import`.
         */
        get: operations["device_device_exitRecord_template"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/favorite/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's favourite terminals
         * @description Requires permission `device:favorite:view`.
         */
        get: operations["device_device_favorite_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/favorite/toggle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add terminals to or remove them from favourites
         * @description Requires permission `device:favorite:favorite`.
         */
        post: operations["device_device_favorite_toggle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/fence/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add or edit a geofence (add or edit permission by whether an id is given)
         * @description Any signed-in user.
         */
        post: operations["device_device_fence_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/fence/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete geofences
         * @description Requires permission `device:fence:delete`.
         */
        post: operations["device_device_fence_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/fence/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Geofences in the caller data scope
         * @description Requires permission `device:fence:view`.
         */
        get: operations["device_device_fence_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/map/clusters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Terminals in a viewport: clusters on a zoom-dependent grid, or single terminals when few
         * @description Requires permission `device:map:view`.
         */
        get: operations["device_device_map_clusters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/map/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Terminals in a viewport, paged (the side list of the map)
         * @description Requires permission `device:map:view`.
         */
        get: operations["device_device_map_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/map/reverse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The nearest city to a position (offline), with a street address when a geocoder is configured
         * @description Requires permission `device:map:view`.
         */
        get: operations["device_device_map_reverse"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/map/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find located terminals by SN prefix and places by name
         * @description Requires permission `device:map:view`.
         */
        get: operations["device_device_map_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/map/track": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A terminal's kept positions over a time range, oldest first
         * @description Requires permission `device:terminal:view`.
         */
        get: operations["device_device_map_track"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/model/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add or edit a model
         * @description Requires permission `device:model:add`.
         */
        post: operations["device_device_model_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/model/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a model no terminal uses
         * @description Requires permission `device:model:delete`.
         */
        post: operations["device_device_model_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/model/getList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every enabled model, for pickers
         * @description Any signed-in user.
         */
        get: operations["device_device_model_getList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/model/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Terminal models
         * @description Requires permission `device:model:view`.
         */
        get: operations["device_device_model_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/modelPeripheral/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Expect a peripheral on a model
         * @description Requires permission `device:modelPeripheral:add`.
         */
        post: operations["device_device_modelPeripheral_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/modelPeripheral/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop expecting a peripheral on a model
         * @description Requires permission `device:modelPeripheral:delete`.
         */
        post: operations["device_device_modelPeripheral_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/modelPeripheral/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Peripherals expected on each model
         * @description Requires permission `device:modelPeripheral:view`.
         */
        get: operations["device_device_modelPeripheral_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/peripheral/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add or edit a peripheral
         * @description Requires permission `device:peripheral:add`.
         */
        post: operations["device_device_peripheral_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/peripheral/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a peripheral
         * @description Requires permission `device:peripheral:delete`.
         */
        post: operations["device_device_peripheral_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/peripheral/getList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every peripheral, for pickers
         * @description Any signed-in user.
         */
        get: operations["device_device_peripheral_getList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/peripheral/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Peripheral catalogue
         * @description Requires permission `device:peripheral:view`.
         */
        get: operations["device_device_peripheral_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/peripheralFault/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Peripheral faults reported by terminals
         * @description Requires permission `device:peripheralFault:view`.
         */
        get: operations["device_device_peripheralFault_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/peripheralFault/handle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark peripheral faults handled
         * @description Requires permission `device:peripheralFault:handle`.
         */
        post: operations["device_device_peripheralFault_handle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/policy/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create (device:policy:add) or change (device:policy:edit) a policy: a new version with why; a field locked above is refused
         * @description Any signed-in user.
         */
        post: operations["device_device_policy_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/policy/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Assign a policy to accounts, groups or terminals; the terminals are updated by one job
         * @description Requires permission `device:policy:edit`.
         */
        post: operations["device_device_policy_assign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/policy/compliance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Counts of a policy's terminal fields by state and severity (optionally in one group)
         * @description Requires permission `device:policy:view`.
         */
        get: operations["device_device_policy_compliance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/policy/converge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the effective policy again to chosen terminals, or to every drifted one of a policy; all-or-nothing reverts on any failure
         * @description Requires permission `device:policy:converge`.
         */
        post: operations["device_device_policy_converge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/policy/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a policy that is assigned nowhere
         * @description Requires permission `device:policy:delete`.
         */
        post: operations["device_device_policy_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/policy/drift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Terminals with a drifted field, by their most severe drift (the dashboard figure)
         * @description Requires permission `dashboard:home:view`.
         */
        get: operations["device_device_policy_drift"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/policy/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A policy's terminal fields under the compliance filter as an Excel file
         * @description Requires permission `device:policy:view`.
         */
        get: operations["device_device_policy_export_get"];
        put?: never;
        /**
         * A policy's terminal fields under the compliance filter as an Excel file
         * @description Requires permission `device:policy:view`.
         */
        post: operations["device_device_policy_export_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/policy/fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A policy's terminal fields: expected, actual, state, severity, since; filtered
         * @description Requires permission `device:policy:view`.
         */
        get: operations["device_device_policy_fields"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/policy/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One policy with its fields and assignments
         * @description Requires permission `device:policy:view`.
         */
        get: operations["device_device_policy_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/policy/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Configuration policies of the caller's accounts, paged
         * @description Requires permission `device:policy:view`.
         */
        get: operations["device_device_policy_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/policy/terminalFields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One terminal's effective policy: each field with where it came from and its state
         * @description Requires permission `device:detail:view`.
         */
        get: operations["device_device_policy_terminalFields"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/policy/unassign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove an assignment; the terminals it reached are recomputed by one job
         * @description Requires permission `device:policy:edit`.
         */
        post: operations["device_device_policy_unassign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/policy/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A policy's versions, newest first: who, when, why and the fields
         * @description Requires permission `device:policy:view`.
         */
        get: operations["device_device_policy_versions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/terminal/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a terminal, or edit one when id is given
         * @description Requires permission `device:terminal:add`.
         */
        post: operations["device_device_terminal_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/terminal/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete terminals by SN
         * @description Requires permission `device:terminal:delete`.
         */
        post: operations["device_device_terminal_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/terminal/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Excel file of the terminals matching the filter (streamed)
         * @description Requires permission `device:terminal:export`.
         */
        get: operations["device_device_terminal_export_get"];
        put?: never;
        /**
         * Excel file of the terminals matching the filter (streamed)
         * @description Requires permission `device:terminal:export`.
         */
        post: operations["device_device_terminal_export_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/terminal/getBySn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One terminal with its hardware, network, apps and peripherals
         * @description Requires permission `device:detail:view`.
         */
        get: operations["device_device_terminal_getBySn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/terminal/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Terminals matching the filter, a page at a time
         * @description Requires permission `device:terminal:view`.
         */
        get: operations["device_device_terminal_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/terminal/groupOptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Terminal groups the caller may place terminals in, for pickers
         * @description Any signed-in user.
         */
        get: operations["device_device_terminal_groupOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/terminal/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status and location history of a terminal
         * @description Requires permission `device:detail:view`.
         */
        get: operations["device_device_terminal_history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/terminal/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import terminals from Excel: all rows or none, with a row-by-row report
         * @description Requires permission `device:terminal:import`.
         */
        post: operations["device_device_terminal_import"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/terminal/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Logs a terminal uploaded on request, newest first
         * @description Requires permission `device:detail:view`.
         */
        get: operations["device_device_terminal_logs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/terminal/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move terminals to another group
         * @description Requires permission `device:terminal:move`.
         */
        post: operations["device_device_terminal_move"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/terminal/ownerOptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Enterprise accounts the caller may see, for the enterprise filter
         * @description Any signed-in user.
         */
        get: operations["device_device_terminal_ownerOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/terminal/requestLog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask a terminal to upload its log; it arrives on the detail page
         * @description Requires permission `device:terminal:log`.
         */
        post: operations["device_device_terminal_requestLog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/terminal/rotateEnrollmentKey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a new enrollment key for the caller's enterprise (shown once)
         * @description Requires permission `device:terminal:add`.
         */
        post: operations["device_device_terminal_rotateEnrollmentKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/terminal/template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Excel template for importing terminals
         * @description Requires permission `device:terminal:import`.
         */
        get: operations["device_device_terminal_template"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/warning/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Early warnings: offline too long, low battery, abnormal peripherals
         * @description Requires permission `device:warning:view`.
         */
        get: operations["device_device_warning_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/v1/device/warning/handle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark warnings handled
         * @description Requires permission `device:warning:handle`.
         */
        post: operations["device_device_warning_handle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/blob/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A stored file's bytes; honours Range, If-Range and If-None-Match (ETag = sha256)
         * @description Any signed-in user.
         */
        get: operations["file_file_blob_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/blob/sign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A short-lived download link for a stored file, usable without a session (terminals, links)
         * @description Any signed-in user.
         */
        post: operations["file_file_blob_sign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/blob/signed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download through a signed link (no session); Range and ETag as for download */
        get: operations["file_file_blob_signed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/blob/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stores one file (multipart/form-data, field `file`) of a kind that allows direct upload
         * @description Any signed-in user.
         */
        post: operations["file_file_blob_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/bootAnimation/build": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Checks the frames and starts a job that builds the bootanimation.zip (desc.txt, part0/ frames, stored entries)
         * @description Requires permission `file:wallpaper:upload`.
         */
        post: operations["file_file_bootAnimation_build"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/bootAnimation/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a boot animation
         * @description Requires permission `file:wallpaper:delete`.
         */
        post: operations["file_file_bootAnimation_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/bootAnimation/frame": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One frame of a boot animation's ZIP, in play order (for the console preview)
         * @description Requires permission `file:wallpaper:view`.
         */
        get: operations["file_file_bootAnimation_frame"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/bootAnimation/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Boot animations, filtered by name and image format, newest first
         * @description Requires permission `file:wallpaper:view`.
         */
        get: operations["file_file_bootAnimation_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/bootAnimation/uploadFrame": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stores one frame (multipart field `file`): JPG or PNG of the given format, at most 500 KB, exactly the screen size
         * @description Requires permission `file:wallpaper:upload`.
         */
        post: operations["file_file_bootAnimation_uploadFrame"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/bootAnimation/uploadZip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stores a ready-made bootanimation.zip (multipart field `file`) after checking desc.txt, parts, frames, stored entries and entry names
         * @description Requires permission `file:wallpaper:upload`.
         */
        post: operations["file_file_bootAnimation_uploadZip"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/sysFile/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deletes a system file; refused (with the tasks) while an active task uses it
         * @description Requires permission `file:file:delete`.
         */
        get: operations["file_file_sysFile_delete_get"];
        put?: never;
        /**
         * Deletes a system file; refused (with the tasks) while an active task uses it
         * @description Requires permission `file:file:delete`.
         */
        post: operations["file_file_sysFile_delete_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/sysFile/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One system file
         * @description Requires permission `file:file:view`.
         */
        get: operations["file_file_sysFile_detail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/sysFile/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A system file's bytes; Range and ETag (= sha256) as for blob downloads
         * @description Requires permission `file:file:view`.
         */
        get: operations["file_file_sysFile_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/sysFile/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * System files, filtered by name, version, type and model, paged
         * @description Requires permission `file:file:view`.
         */
        get: operations["file_file_sysFile_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/sysFile/quota/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Accounts with their stored bytes and quotas, largest first; platform administrators only
         * @description Requires permission `file:file:edit`.
         */
        get: operations["file_file_sysFile_quota_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/sysFile/setQuota": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sets an enterprise's storage quota, or clears it (null) back to the default; platform administrators only
         * @description Requires permission `file:file:edit`.
         */
        post: operations["file_file_sysFile_setQuota"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/sysFile/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Uploads one system file (multipart: the fields of SysFileUploadFields, then `file`); APK or ZIP by content, a system update must be a readable ZIP
         * @description Requires permission `file:file:upload`.
         */
        post: operations["file_file_sysFile_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/sysFile/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's enterprise: bytes stored and its quota, and whether the caller sets quotas
         * @description Requires permission `file:file:view`.
         */
        get: operations["file_file_sysFile_usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/wallpaper/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a wallpaper or video
         * @description Requires permission `file:wallpaper:delete`.
         */
        post: operations["file_file_wallpaper_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/wallpaper/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallpapers and videos, filtered by name and kind, newest first
         * @description Requires permission `file:wallpaper:view`.
         */
        get: operations["file_file_wallpaper_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file/v1/file/wallpaper/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stores a JPG or PNG image or an MP4 video (multipart field `file`), judged by content; resolution read from its headers
         * @description Requires permission `file:wallpaper:upload`.
         */
        post: operations["file_file_wallpaper_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/login/captcha": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Fetch a captcha image and its id */
        get: operations["oauth_oauth_login_captcha"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/login/cpmDoLogin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in with account, password and captcha */
        post: operations["oauth_oauth_login_cpmDoLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/login/doLogout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** End the session named by the token (query) or the satoken header */
        get: operations["oauth_oauth_login_doLogout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/login/enrolConfirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirms the authenticator enrolled during sign-in with a code; opens the session */
        post: operations["oauth_oauth_login_enrolConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/login/enrolPasskey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Registers the passkey made while enrolling at sign-in and opens the session; answers ten recovery codes, once */
        post: operations["oauth_oauth_login_enrolPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/login/enrolPasskey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options for navigator.credentials.create when a rule requires a second factor before the first session */
        post: operations["oauth_oauth_login_enrolPasskey_options"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/login/enrolStart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** During a sign-in that needs a second factor not yet enrolled: a new authenticator secret */
        post: operations["oauth_oauth_login_enrolStart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/login/isLogin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check that the satoken session is alive and belongs to userId (code 1), else code 500 */
        get: operations["oauth_oauth_login_isLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/login/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Signs in with a passkey: as the second step (with the pending token) or, where the enterprise allows it, alone */
        post: operations["oauth_oauth_login_passkey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/login/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options for navigator.credentials.get: for the second step (with the pending token) or a sign-in without a password */
        post: operations["oauth_oauth_login_passkey_options"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/login/secondFactor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Second sign-in step: an authenticator or recovery code; opens the session */
        post: operations["oauth_oauth_login_secondFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/login/stepUp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Until when a password entered again in this session spares asking for it (null: ask)
         * @description Any signed-in user.
         */
        get: operations["oauth_oauth_login_stepUp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/login/stepUp/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirms the step-up with an authenticator code or a recovery code (each accepted once)
         * @description Any signed-in user.
         */
        post: operations["oauth_oauth_login_stepUp_code"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/login/stepUp/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirms the step-up with one of the caller's passkeys
         * @description Any signed-in user.
         */
        post: operations["oauth_oauth_login_stepUp_passkey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/login/stepUp/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Options for navigator.credentials.get to confirm the step-up with one of the caller's passkeys
         * @description Any signed-in user.
         */
        post: operations["oauth_oauth_login_stepUp_passkey_options"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/registry/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Activate a registered account with the token from its mail */
        post: operations["oauth_oauth_registry_activate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/registry/changePassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with the current one (throttled like sign-in); every other session of the account ends
         * @description Any signed-in user.
         */
        post: operations["oauth_oauth_registry_changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/registry/getEmailCaptcha": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Mail a 6-digit code (valid 10 minutes) to the account’s address; once a minute at most */
        get: operations["oauth_oauth_registry_getEmailCaptcha"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/registry/publicKey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The public key passwords are encrypted with (RSA-OAEP, SHA-256) */
        get: operations["oauth_oauth_registry_publicKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/registry/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register an account; an activation link valid 24 hours is mailed */
        post: operations["oauth_oauth_registry_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/registry/updateNewPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the mailed code; every other session of the account ends */
        post: operations["oauth_oauth_registry_updateNewPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/sessions/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ends one of the caller’s sessions and closes its connections
         * @description Any signed-in user.
         */
        post: operations["oauth_oauth_sessions_end"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/sessions/mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's live sessions, newest first, the calling one marked
         * @description Any signed-in user.
         */
        get: operations["oauth_oauth_sessions_mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/sso/discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The single sign-on provider for an e-mail address or enterprise code, or null */
        post: operations["oauth_oauth_sso_discover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/sso/finish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Completes the sign-in with the provider’s callback; checks the ID token, opens the session */
        post: operations["oauth_oauth_sso_finish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/sso/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ends the caller's session, then answers the provider's sign-out address when a provider opened it (RP-initiated logout)
         * @description Any signed-in user.
         */
        post: operations["oauth_oauth_sso_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v1/oauth/sso/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Starts an authorization code sign-in with PKCE at the provider */
        post: operations["oauth_oauth_sso_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: database and broker reachable (HTTP 503 when not) */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/remote/v1/command/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One command with each terminal's result, output and captured files
         * @description Requires permission `remote:command:view`.
         */
        get: operations["remote_command_detail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/remote/v1/command/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The command history, newest first: who, when, which terminals and their results
         * @description Requires permission `remote:command:view`.
         */
        get: operations["remote_command_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/remote/v1/command/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Runs a remote command on terminals through task delivery; a shell line needs the password, offline terminals are refused unless queued
         * @description Requires permission `remote:command:command`.
         */
        post: operations["remote_command_run"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/remote/v1/command/template/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Saves a command under a name
         * @description Requires permission `remote:command:add`.
         */
        post: operations["remote_command_template_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/remote/v1/command/template/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deletes a saved command
         * @description Requires permission `remote:command:delete`.
         */
        post: operations["remote_command_template_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/remote/v1/command/template/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Saved commands, by name
         * @description Requires permission `remote:command:view`.
         */
        get: operations["remote_command_template_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/remote/v1/command/terminal/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A terminal's configuration as it last reported it (device properties); 'SN has no configuration information' when it never did
         * @description Requires permission `device:detail:view`.
         */
        get: operations["remote_command_terminal_config"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/remote/v1/command/terminal/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A terminal's captured files (screenshots and log uploads), newest first
         * @description Requires permission `device:detail:view`.
         */
        get: operations["remote_command_terminal_files"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/remote/v1/remote/policy/getList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Consent policy of each terminal group in the caller’s data scope
         * @description Requires permission `remote:desktop:view`.
         */
        get: operations["remote_remote_policy_getList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/remote/v1/remote/policy/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sets a group’s consent policy (ask, accept automatically, refuse) or lets it inherit
         * @description Requires permission `remote:desktop:policy`.
         */
        post: operations["remote_remote_policy_save"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/remote/v1/remote/recording/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The recording of an ended session (frames and input log), for the console’s player
         * @description Requires permission `remote:desktop:replay`.
         */
        get: operations["remote_remote_recording_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/remote/v1/remote/session/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ends a session: its controller or the user who opened it
         * @description Requires permission `remote:desktop:connect`.
         */
        post: operations["remote_remote_session_close"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/remote/v1/remote/session/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sessions of terminals in the caller’s data scope, newest first: who, which terminal, when, how long
         * @description Requires permission `remote:desktop:view`.
         */
        get: operations["remote_remote_session_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/remote/v1/remote/session/open": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Opens a remote screen session on an online terminal (or joins its running one) and sends it the relay address
         * @description Requires permission `remote:desktop:connect`.
         */
        post: operations["remote_remote_session_open"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/remote/v1/remote/session/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new one-time relay token for the caller's place in a running session (to reconnect)
         * @description Requires permission `remote:desktop:connect`.
         */
        post: operations["remote_remote_session_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/healthRule/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a rule for a peripheral type, or change one
         * @description Requires permission `support:order:rules`.
         */
        post: operations["support_support_healthRule_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/healthRule/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a rule; faults of its type open no more work
         * @description Requires permission `support:order:rules`.
         */
        post: operations["support_support_healthRule_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/healthRule/getList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The peripheral health rules: per peripheral type, how many faults in what window open work
         * @description Requires permission `support:order:rules`.
         */
        get: operations["support_support_healthRule_getList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/inspectionProcess/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a process as a draft, or edit one: a draft in place, an active or inactive one as a new version
         * @description Any signed-in user.
         */
        post: operations["support_support_inspectionProcess_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/inspectionProcess/getById": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One process with the standards of its current version (or of a given version)
         * @description Any signed-in user.
         */
        get: operations["support_support_inspectionProcess_getById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/inspectionProcess/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Inspection processes (deleted ones left out unless asked for), filtered and paged
         * @description Requires permission `support:process:view`.
         */
        get: operations["support_support_inspectionProcess_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/inspectionProcess/transition": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish, disable, enable or delete a process
         * @description Any signed-in user.
         */
        post: operations["support_support_inspectionProcess_transition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/inspectionProposal/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a proposed inspection aside without a visit
         * @description Requires permission `support:record:view`.
         */
        post: operations["support_support_inspectionProposal_dismiss"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/inspectionProposal/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Inspections proposed by peripheral health, for the terminals in the caller’s scope
         * @description Requires permission `support:record:view`.
         */
        get: operations["support_support_inspectionProposal_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/inspectionRecord/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * File a record against an active process; every item needs its result, and a photo where required
         * @description Requires permission `support:record:view`.
         */
        post: operations["support_support_inspectionRecord_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/inspectionRecord/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The inspection records under the filter as an Excel file, with the failed items of each
         * @description Requires permission `support:record:export`.
         */
        get: operations["support_support_inspectionRecord_export_get"];
        put?: never;
        /**
         * The inspection records under the filter as an Excel file, with the failed items of each
         * @description Requires permission `support:record:export`.
         */
        post: operations["support_support_inspectionRecord_export_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/inspectionRecord/getById": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One record with each item checked against the version it was filled for
         * @description Requires permission `support:record:view`.
         */
        get: operations["support_support_inspectionRecord_getById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/inspectionRecord/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Inspection records, filtered and paged
         * @description Requires permission `support:record:view`.
         */
        get: operations["support_support_inspectionRecord_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/inspectionRecord/openOrder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open an after-sales order from a failed item of a record, with its photos
         * @description Requires permission `support:order:add`.
         */
        post: operations["support_support_inspectionRecord_openOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/order/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open an order for a terminal (by SN) or by hand; it starts as submitted
         * @description Requires permission `support:order:add`.
         */
        post: operations["support_support_order_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/order/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give an order to a person of the service staff (or take it back), and set its due time
         * @description Requires permission `support:order:handle`.
         */
        post: operations["support_support_order_assign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/order/assignees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Accounts in the caller’s scope who may handle orders (the choices of an assignee)
         * @description Requires permission `support:order:handle`.
         */
        get: operations["support_support_order_assignees"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/order/comment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a comment to the order’s history
         * @description Requires permission `support:order:view`.
         */
        post: operations["support_support_order_comment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/order/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The orders under the filter as an Excel file
         * @description Requires permission `support:order:export`.
         */
        get: operations["support_support_order_export_get"];
        put?: never;
        /**
         * The orders under the filter as an Excel file
         * @description Requires permission `support:order:export`.
         */
        post: operations["support_support_order_export_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/order/getById": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One order with its photos, full history and the actions allowed now
         * @description Requires permission `support:order:view`.
         */
        get: operations["support_support_order_getById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/order/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * After-sales orders the caller may see (own data scope, or assigned to them), filtered and paged
         * @description Requires permission `support:order:view`.
         */
        get: operations["support_support_order_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/order/terminal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The model, enterprise and store an order for this SN would carry; refused when the caller cannot see the terminal
         * @description Requires permission `support:order:add`.
         */
        get: operations["support_support_order_terminal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/support/v1/support/order/transition": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move an order to its next state (submit a draft, accept, repair, return, close, or reject with a reason); each action checks its own button
         * @description Any signed-in user.
         */
        post: operations["support_support_order_transition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A second user approves a risky task with their password (never the creator's own)
         * @description Requires permission `task:task:approve`.
         */
        post: operations["task_task_remoteTask_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/byTerminal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tasks aimed at one terminal and their results there, newest first (the device's plan tab)
         * @description Requires permission `device:detail:view`.
         */
        get: operations["task_task_remoteTask_byTerminal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/copy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A task's creation form filled in from an existing task (times and password left to the user)
         * @description Requires permission `task:create:add`.
         */
        get: operations["task_task_remoteTask_copy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Creates a task; its deliveries are written in the background (status creating), or it waits for approval
         * @description Requires permission `task:create:add`.
         */
        post: operations["task_task_remoteTask_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deletes a finished, stopped, failed or rejected task with its results
         * @description Requires permission `task:task:delete`.
         */
        post: operations["task_task_remoteTask_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Excel file of the tasks matching the filter
         * @description Requires permission `task:task:export`.
         */
        get: operations["task_task_remoteTask_export_get"];
        put?: never;
        /**
         * Excel file of the tasks matching the filter
         * @description Requires permission `task:task:export`.
         */
        post: operations["task_task_remoteTask_export_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/getById": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One task: parameters, targets, timing, conditions, waves, runs, approval and counts
         * @description Requires permission `task:detail:view`.
         */
        get: operations["task_task_remoteTask_getById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tasks in the caller scope with the counts of each result, newest first
         * @description Requires permission `task:task:view`.
         */
        get: operations["task_task_remoteTask_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/packages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Apps installed on terminals in the caller scope, matched by package or name, most installed first (the app picker)
         * @description Requires permission `task:create:view`.
         */
        get: operations["task_task_remoteTask_packages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/parseSns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reads SNs from the first column of an uploaded Excel file (multipart `file`)
         * @description Requires permission `task:create:add`.
         */
        post: operations["task_task_remoteTask_parseSns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * How many terminals the targets reach now, which listed SNs are missing, whether approval is needed
         * @description Requires permission `task:create:view`.
         */
        post: operations["task_task_remoteTask_preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A second user rejects a risky task, with a reason the creator sees
         * @description Requires permission `task:task:approve`.
         */
        post: operations["task_task_remoteTask_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/restart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restarts a stopped task: its cancelled deliveries are offered again
         * @description Requires permission `task:task:restart`.
         */
        post: operations["task_task_remoteTask_restart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per-terminal results of a run (the current one by default), filtered by state or SN, paged
         * @description Requires permission `task:detail:view`.
         */
        get: operations["task_task_remoteTask_results"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/results/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Excel file of the per-terminal results matching the filter
         * @description Requires permission `task:task:export`.
         */
        get: operations["task_task_remoteTask_results_export_get"];
        put?: never;
        /**
         * Excel file of the per-terminal results matching the filter
         * @description Requires permission `task:task:export`.
         */
        post: operations["task_task_remoteTask_results_export_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lets a task the brake paused go on: the next wave is released
         * @description Requires permission `task:task:restart`.
         */
        post: operations["task_task_remoteTask_resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/retryFailed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Offers the failed deliveries of the current run again (all, or the listed ones)
         * @description Requires permission `task:task:restart`.
         */
        post: operations["task_task_remoteTask_retryFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stops a task: open deliveries are cancelled; a finished task answers 409
         * @description Requires permission `task:task:stop`.
         */
        post: operations["task_task_remoteTask_stop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/remoteTask/types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The task types this server can run, with the platforms of each (the platform matrix)
         * @description Requires permission `task:create:view`.
         */
        get: operations["task_task_remoteTask_types"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/whitelist/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Creates a whitelist or renames one, adding the given SNs
         * @description Requires permission `task:whitelist:add`.
         */
        post: operations["task_task_whitelist_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/whitelist/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deletes a whitelist no active task uses
         * @description Requires permission `task:whitelist:delete`.
         */
        post: operations["task_task_whitelist_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/whitelist/entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A whitelist's SNs, by SN prefix, paged
         * @description Requires permission `task:whitelist:view`.
         */
        get: operations["task_task_whitelist_entries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/whitelist/getList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every whitelist in the caller scope, for the task form
         * @description Requires permission `task:create:view`.
         */
        get: operations["task_task_whitelist_getList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/whitelist/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whitelists in the caller scope, by name
         * @description Requires permission `task:whitelist:view`.
         */
        get: operations["task_task_whitelist_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/task/v1/task/whitelist/removeSns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Takes SNs off a whitelist
         * @description Requires permission `task:whitelist:delete`.
         */
        post: operations["task_task_whitelist_removeSns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/auditStream/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The operation log of a time range as JSON lines, one event per line as the stream sends it
         * @description Requires permission `user:auditstream:export`.
         */
        get: operations["upms_upms_auditStream_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/auditStream/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit stream's settings and how far it has sent
         * @description Requires permission `user:auditstream:view`.
         */
        get: operations["upms_upms_auditStream_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/auditStream/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set where the operation log and security events are streamed (syslog over TCP or TLS)
         * @description Requires permission `user:auditstream:edit`.
         */
        post: operations["upms_upms_auditStream_save"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/auditStream/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one test message to the configured receiver now, outside the stream
         * @description Requires permission `user:auditstream:test`.
         */
        post: operations["upms_upms_auditStream_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/cpmPrivatization/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or edit a customer record (user:private:add / user:private:edit); the password is stored encrypted
         * @description Any signed-in user.
         */
        post: operations["upms_upms_cpmPrivatization_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/cpmPrivatization/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delete a customer record
         * @description Requires permission `user:private:delete`.
         */
        get: operations["upms_upms_cpmPrivatization_delete_get"];
        put?: never;
        /**
         * Delete a customer record
         * @description Requires permission `user:private:delete`.
         */
        post: operations["upms_upms_cpmPrivatization_delete_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/cpmPrivatization/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The filtered customer list as an Excel file (without passwords)
         * @description Requires permission `user:private:export`.
         */
        get: operations["upms_upms_cpmPrivatization_export_get"];
        put?: never;
        /**
         * The filtered customer list as an Excel file (without passwords)
         * @description Requires permission `user:private:export`.
         */
        post: operations["upms_upms_cpmPrivatization_export_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/cpmPrivatization/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Private-deployment customers, filtered and paged (passwords never included)
         * @description Requires permission `user:private:view`.
         */
        get: operations["upms_upms_cpmPrivatization_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/cpmPrivatization/revealPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reveal the customer system's password; the reveal is recorded in the operation log
         * @description Requires permission `user:private:reveal`.
         */
        post: operations["upms_upms_cpmPrivatization_revealPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/dicInfo/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a dictionary, or edit it when id is given (user:dict:add / user:dict:edit)
         * @description Any signed-in user.
         */
        post: operations["upms_upms_dicInfo_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/dicInfo/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delete a dictionary and its items
         * @description Requires permission `user:dict:delete`.
         */
        get: operations["upms_upms_dicInfo_delete_get"];
        put?: never;
        /**
         * Delete a dictionary and its items
         * @description Requires permission `user:dict:delete`.
         */
        post: operations["upms_upms_dicInfo_delete_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/dicInfo/getAll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every usable dictionary with its usable items, for selects and tags
         * @description Any signed-in user.
         */
        get: operations["upms_upms_dicInfo_getAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/dicInfo/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Dictionaries, filtered by name or code, paged
         * @description Requires permission `user:dict:view`.
         */
        get: operations["upms_upms_dicInfo_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/dicItem/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a dictionary item, or edit it when id is given (user:dict:add / user:dict:edit)
         * @description Any signed-in user.
         */
        post: operations["upms_upms_dicItem_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/dicItem/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delete a dictionary item
         * @description Requires permission `user:dict:delete`.
         */
        get: operations["upms_upms_dicItem_delete_get"];
        put?: never;
        /**
         * Delete a dictionary item
         * @description Requires permission `user:dict:delete`.
         */
        post: operations["upms_upms_dicItem_delete_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/dicItem/getList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Items of one dictionary, sorted
         * @description Requires permission `user:dict:view`.
         */
        get: operations["upms_upms_dicItem_getList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/equipment/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a group, or edit it when id is given (needs user:group:add or user:group:edit)
         * @description Any signed-in user.
         */
        post: operations["upms_upms_equipment_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/equipment/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delete a group that has no children, terminals or users scoped to it
         * @description Requires permission `user:group:delete`.
         */
        get: operations["upms_upms_equipment_delete_get"];
        put?: never;
        /**
         * Delete a group that has no children, terminals or users scoped to it
         * @description Requires permission `user:group:delete`.
         */
        post: operations["upms_upms_equipment_delete_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/equipment/getTree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The terminal-group tree visible to the caller (optionally filtered by name or number)
         * @description Any signed-in user.
         */
        get: operations["upms_upms_equipment_getTree"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/equipment/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a group under another parent (or to the top level); never under its own descendant
         * @description Requires permission `user:group:move`.
         */
        post: operations["upms_upms_equipment_move"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/export/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An export job's file; the link's token stands in for the session, until the file expires */
        get: operations["upms_upms_export_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/export/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export a list with the list's filter: answers `direct` for small sets, else starts a background job and answers its id
         * @description Any signed-in user.
         */
        post: operations["upms_upms_export_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/factors/mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's second factors, recovery codes left and whether a rule requires one
         * @description Any signed-in user.
         */
        get: operations["upms_upms_factors_mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/factors/ofUser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account's second factors and requirement, for its administrator
         * @description Requires permission `user:user:view`.
         */
        get: operations["upms_upms_factors_ofUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/factors/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Starts registering a passkey for the caller: options for navigator.credentials.create
         * @description Any signed-in user.
         */
        post: operations["upms_upms_factors_passkeys_options"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/factors/passkeys/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Registers the passkey the browser created; answers ten recovery codes, once, when it is the first factor
         * @description Any signed-in user.
         */
        post: operations["upms_upms_factors_passkeys_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/factors/passkeys/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Removes one of the caller's passkeys (after a step-up)
         * @description Any signed-in user.
         */
        post: operations["upms_upms_factors_passkeys_remove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/factors/passkeys/rename": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Renames one of the caller's passkeys
         * @description Any signed-in user.
         */
        post: operations["upms_upms_factors_passkeys_rename"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/factors/recovery/regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replaces the caller's recovery codes by ten new ones, answered once; the old ones stop working
         * @description Any signed-in user.
         */
        post: operations["upms_upms_factors_recovery_regenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/factors/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Removes an account's second factors and recovery codes (it enrols again)
         * @description Requires permission `user:user:resetPassword`.
         */
        post: operations["upms_upms_factors_reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/factors/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The enterprise and role rules requiring a second factor, in the caller’s data scope
         * @description Any signed-in user.
         */
        get: operations["upms_upms_factors_rules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/factors/rules/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Requires a second factor for an enterprise (user edit) or a role (role edit), allows passkey-only sign-in for an enterprise, or stops
         * @description Any signed-in user.
         */
        post: operations["upms_upms_factors_rules_save"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/factors/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirms the authenticator with a code; answers ten recovery codes, once
         * @description Any signed-in user.
         */
        post: operations["upms_upms_factors_totp_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/factors/totp/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Removes the caller's own authenticator (after a step-up); refused when a rule requires a factor and none would be left
         * @description Any signed-in user.
         */
        post: operations["upms_upms_factors_totp_remove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/factors/totp/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Starts enrolling an authenticator for the caller: a new secret, unconfirmed
         * @description Any signed-in user.
         */
        post: operations["upms_upms_factors_totp_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/job/getById": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of your background jobs: status, progress and result
         * @description Any signed-in user.
         */
        get: operations["upms_upms_job_getById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/job/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your background jobs, newest first, filtered by kind and status
         * @description Any signed-in user.
         */
        get: operations["upms_upms_job_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/operationLog/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The filtered operation log as an Excel file
         * @description Requires permission `user:oplog:export`.
         */
        get: operations["upms_upms_operationLog_export_get"];
        put?: never;
        /**
         * The filtered operation log as an Excel file
         * @description Requires permission `user:oplog:export`.
         */
        post: operations["upms_upms_operationLog_export_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/operationLog/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Operation log (logins, permission changes, reviews, passwords, kick-outs), newest first
         * @description Requires permission `user:oplog:view`.
         */
        get: operations["upms_upms_operationLog_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/role/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or edit a role and its granted menuIds (user:role:add / edit; changing grants needs user:role:grant)
         * @description Any signed-in user.
         */
        post: operations["upms_upms_role_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/role/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delete a role no account holds
         * @description Requires permission `user:role:delete`.
         */
        get: operations["upms_upms_role_delete_get"];
        put?: never;
        /**
         * Delete a role no account holds
         * @description Requires permission `user:role:delete`.
         */
        post: operations["upms_upms_role_delete_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/role/getGrantableTree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The menu and button entries the caller may grant, as a tree
         * @description Requires permission `user:role:view`.
         */
        get: operations["upms_upms_role_getGrantableTree"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/role/getOptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Enabled roles the caller may assign to a user
         * @description Requires permission `user:user:view`.
         */
        get: operations["upms_upms_role_getOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/role/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Roles the caller may see (built-in roles and those of its account tree), paged
         * @description Requires permission `user:role:view`.
         */
        get: operations["upms_upms_role_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/serviceAccount/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or edit a service account (user:serviceaccount:add / user:serviceaccount:edit)
         * @description Any signed-in user.
         */
        post: operations["upms_upms_serviceAccount_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/serviceAccount/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a service account; its keys stop working at once
         * @description Requires permission `user:serviceaccount:delete`.
         */
        post: operations["upms_upms_serviceAccount_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/serviceAccount/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service accounts in the caller’s data scope with their keys (never the secrets), paged
         * @description Requires permission `user:serviceaccount:view`.
         */
        get: operations["upms_upms_serviceAccount_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/serviceAccount/getRoleOptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Enabled roles the caller may give a service account, with the permission keys each grants
         * @description Requires permission `user:serviceaccount:view`.
         */
        get: operations["upms_upms_serviceAccount_getRoleOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/serviceAccount/issueKey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue an API key; the answer holds the whole key, which is never shown again
         * @description Requires permission `user:serviceaccount:keys`.
         */
        post: operations["upms_upms_serviceAccount_issueKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/serviceAccount/revokeKey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a key; the very next request with it is refused
         * @description Requires permission `user:serviceaccount:keys`.
         */
        post: operations["upms_upms_serviceAccount_revokeKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/serviceAccount/rotateKey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a successor to a key; the old key stays valid for the chosen overlap, then stops
         * @description Requires permission `user:serviceaccount:keys`.
         */
        post: operations["upms_upms_serviceAccount_rotateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/sso/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Single sign-on providers of the enterprises in the caller’s data scope (no secret)
         * @description Requires permission `user:sso:view`.
         */
        get: operations["upms_upms_sso_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/sso/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Removes an enterprise’s single sign-on provider (its accounts sign in with passwords)
         * @description Requires permission `user:sso:delete`.
         */
        post: operations["upms_upms_sso_remove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/sso/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sets an enterprise’s OpenID Connect provider; the client secret is stored encrypted
         * @description Requires permission `user:sso:edit`.
         */
        post: operations["upms_upms_sso_save"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/sysMenu/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a menu entry, or edit it when id is given (user:menu:add / user:menu:edit)
         * @description Any signed-in user.
         */
        post: operations["upms_upms_sysMenu_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/sysMenu/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delete a menu entry without children; roles lose the grant
         * @description Requires permission `user:menu:delete`.
         */
        get: operations["upms_upms_sysMenu_delete_get"];
        put?: never;
        /**
         * Delete a menu entry without children; roles lose the grant
         * @description Requires permission `user:menu:delete`.
         */
        post: operations["upms_upms_sysMenu_delete_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/sysMenu/getTree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The whole menu tree with every field, for menu management
         * @description Requires permission `user:menu:view`.
         */
        get: operations["upms_upms_sysMenu_getTree"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/sysMsg/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Create a draft message, or edit a draft (id given); the content is sanitized
         * @description Requires permission `message:message:add`.
         */
        get: operations["upms_upms_sysMsg_addOrUpdate_get"];
        put?: never;
        /**
         * Create a draft message, or edit a draft (id given); the content is sanitized
         * @description Requires permission `message:message:add`.
         */
        post: operations["upms_upms_sysMsg_addOrUpdate_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/sysMsg/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delete a message, withdrawing it from its recipients' boxes
         * @description Requires permission `message:message:delete`.
         */
        get: operations["upms_upms_sysMsg_delete_get"];
        put?: never;
        /**
         * Delete a message, withdrawing it from its recipients' boxes
         * @description Requires permission `message:message:delete`.
         */
        post: operations["upms_upms_sysMsg_delete_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/sysMsg/findTargets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Roles, users or terminal groups in your data scope that a message may name, by keyword
         * @description Requires permission `message:message:add`.
         */
        get: operations["upms_upms_sysMsg_findTargets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/sysMsg/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Messages in your data scope, newest first, filtered by title, status and published time
         * @description Requires permission `message:message:view`.
         */
        get: operations["upms_upms_sysMsg_getPage_get"];
        put?: never;
        /**
         * Messages in your data scope, newest first, filtered by title, status and published time
         * @description Requires permission `message:message:view`.
         */
        post: operations["upms_upms_sysMsg_getPage_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/sysMsg/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Publish a draft to its recipients (409 when already published)
         * @description Requires permission `message:message:publish`.
         */
        get: operations["upms_upms_sysMsg_publish_get"];
        put?: never;
        /**
         * Publish a draft to its recipients (409 when already published)
         * @description Requires permission `message:message:publish`.
         */
        post: operations["upms_upms_sysMsg_publish_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/sysMsgUser/findPageList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user's published messages, newest first; read=false with size=1 gives the unread count
         * @description Any signed-in user.
         */
        get: operations["upms_upms_sysMsgUser_findPageList_get"];
        put?: never;
        /**
         * The signed-in user's published messages, newest first; read=false with size=1 gives the unread count
         * @description Any signed-in user.
         */
        post: operations["upms_upms_sysMsgUser_findPageList_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/sysMsgUser/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open one of your messages: answers it and marks it read
         * @description Any signed-in user.
         */
        get: operations["upms_upms_sysMsgUser_read_get"];
        put?: never;
        /**
         * Open one of your messages: answers it and marks it read
         * @description Any signed-in user.
         */
        post: operations["upms_upms_sysMsgUser_read_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/sysMsgUser/readAll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mark every message you have received as read; answers how many were unread
         * @description Any signed-in user.
         */
        get: operations["upms_upms_sysMsgUser_readAll_get"];
        put?: never;
        /**
         * Mark every message you have received as read; answers how many were unread
         * @description Any signed-in user.
         */
        post: operations["upms_upms_sysMsgUser_readAll_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/system/getMapConfig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The console maps' base layer: the configured tile server or the offline world map
         * @description Any signed-in user.
         */
        get: operations["upms_upms_system_getMapConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a user, or edit one when id is given (needs user:user:add or user:user:edit)
         * @description Any signed-in user.
         */
        post: operations["upms_upms_user_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve an account, or reject it with a reason; the applicant is told by mail
         * @description Requires permission `user:review:audit`.
         */
        post: operations["upms_upms_user_audit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/completeInfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The applicant completes their details and the account goes to review
         * @description Any signed-in user.
         */
        post: operations["upms_upms_user_completeInfo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delete a user that has no subordinate accounts and owns no groups
         * @description Requires permission `user:user:delete`.
         */
        get: operations["upms_upms_user_delete_get"];
        put?: never;
        /**
         * Delete a user that has no subordinate accounts and owns no groups
         * @description Requires permission `user:user:delete`.
         */
        post: operations["upms_upms_user_delete_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The filtered user list as an Excel file
         * @description Requires permission `user:user:export`.
         */
        get: operations["upms_upms_user_export_get"];
        put?: never;
        /**
         * The filtered user list as an Excel file
         * @description Requires permission `user:user:export`.
         */
        post: operations["upms_upms_user_export_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/getAuditHistory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account's review history: each submission and each decision with its reason, newest first
         * @description Requires permission `user:review:view`.
         */
        get: operations["upms_upms_user_getAuditHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/getAuditPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Accounts waiting for review (state 2 by default), paged
         * @description Requires permission `user:review:view`.
         */
        get: operations["upms_upms_user_getAuditPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/getOptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active accounts in the caller’s tree, for superior-account selects
         * @description Requires permission `user:user:view`.
         */
        get: operations["upms_upms_user_getOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users in the caller’s account tree, filtered and paged
         * @description Requires permission `user:user:view`.
         */
        get: operations["upms_upms_user_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/getSubUserMenuById": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user's menu tree (three levels, buttons as menuType 3)
         * @description Any signed-in user.
         */
        get: operations["upms_upms_user_getSubUserMenuById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/getUserStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user's account state and permissions
         * @description Any signed-in user.
         */
        get: operations["upms_upms_user_getUserStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/kickOut": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End every session of a user
         * @description Requires permission `user:user:kick`.
         */
        post: operations["upms_upms_user_kickOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/resetPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password for a user; their sessions end
         * @description Requires permission `user:user:resetPassword`.
         */
        post: operations["upms_upms_user_resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account's live sessions, for its administrator
         * @description Requires permission `user:user:kick`.
         */
        get: operations["upms_upms_user_sessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/sessions/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ends one session of an account and closes its connections
         * @description Requires permission `user:user:kick`.
         */
        post: operations["upms_upms_user_sessions_end"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/user/updateStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable or disable a user; disabling ends their sessions
         * @description Requires permission `user:user:enable`.
         */
        post: operations["upms_upms_user_updateStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/webhooks/addOrUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create (user:webhook:add) or edit (user:webhook:edit) a subscription; a new one answers its secret once
         * @description Any signed-in user.
         */
        post: operations["upms_upms_webhooks_addOrUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/webhooks/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a subscription and its delivery log
         * @description Requires permission `user:webhook:delete`.
         */
        post: operations["upms_upms_webhooks_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A subscription's delivery log, newest first
         * @description Requires permission `user:webhook:view`.
         */
        get: operations["upms_upms_webhooks_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/webhooks/getPage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook subscriptions of the caller's accounts, paged
         * @description Requires permission `user:webhook:view`.
         */
        get: operations["upms_upms_webhooks_getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/webhooks/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a signed `webhook.ping` delivery to the subscription
         * @description Requires permission `user:webhook:edit`.
         */
        post: operations["upms_upms_webhooks_ping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/webhooks/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a logged delivery again with the same event id (a new attempt series)
         * @description Requires permission `user:webhook:edit`.
         */
        post: operations["upms_upms_webhooks_resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upms/v1/upms/webhooks/rotateSecret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret; the new one is answered once
         * @description Requires permission `user:webhook:edit`.
         */
        post: operations["upms_upms_webhooks_rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        GroupNode: {
            id: string;
            parentId: string | null;
            name: string;
            number: string;
            type: string;
            areaCode: string | null;
            address: string | null;
            contact: string | null;
            phone: string | null;
            timeZone: string | null;
            ownerId: string;
            sort: number;
            children: components["schemas"]["GroupNode"][];
        };
        MenuNode: {
            id: string;
            name: string;
            menuEnglishName: string;
            url: string;
            icon: string;
            hidden: 0 | 1;
            parentId: string | null;
            menuType: 0 | 1 | 2 | 3;
            permission: string;
            sort: number;
            menuVoList: components["schemas"]["MenuNode"][];
        };
        SysMenuNode: {
            id: string;
            parentId: string | null;
            menuType: number;
            name: string;
            menuEnglishName: string;
            sysCode: string;
            url: string;
            permission: string;
            icon: string;
            enabled: boolean;
            hidden: boolean;
            sort: number;
            builtIn: boolean;
            children: components["schemas"]["SysMenuNode"][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    app_app_app_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    name: string;
                    /** @default  */
                    type?: string;
                    /** @default  */
                    description?: string;
                    /** @default  */
                    notes?: string;
                    /** @enum {string} */
                    visibility: "public" | "private";
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            /** @enum {string} */
                            platform: "android" | "windows";
                            name: string;
                            packageName: string;
                            type: string;
                            description: string;
                            notes: string;
                            /** @enum {string} */
                            visibility: "public" | "private";
                            /** @enum {string} */
                            shelf: "unlaunched" | "launched";
                            iconUrl: string | null;
                            signerSha256: string;
                            ownerId: string;
                            ownerName: string;
                            latest: {
                                id: string;
                                versionCode: number;
                                versionName: string;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                size: number;
                            } | null;
                            current: {
                                id: string;
                                versionCode: number;
                                versionName: string;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                size: number;
                            } | null;
                            installs: number;
                            createdAt: string;
                            updatedAt: string;
                            versions: {
                                id: string;
                                appId: string;
                                versionCode: number;
                                versionName: string;
                                fileName: string;
                                size: number;
                                sha256: string;
                                minSdk: number | null;
                                targetSdk: number | null;
                                permissions: string[];
                                label: string;
                                signerSha256: string;
                                signerSubject: string;
                                schemes: string[];
                                installer: ("exe" | "msi" | "zip") | null;
                                installArgs: string;
                                releaseNotesEn: string;
                                releaseNotesZh: string;
                                osMin: number | null;
                                osMax: number | null;
                                models: string[];
                                autoUpdate: boolean;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                rejectReason: string | null;
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                graySns: string[];
                                health: {
                                    /** @default 2 */
                                    crashRatio: number;
                                    /** @default 3 */
                                    minCrashes: number;
                                    /** @default 0.2 */
                                    maxInstallFailureRate: number;
                                    /** @default 0.3 */
                                    maxOfflineExcess: number;
                                };
                                pauseReason: string | null;
                                releasedAt: string | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            screenshots: {
                                id: string;
                                url: string;
                                size: number;
                            }[];
                            installStats: {
                                versionCode: number | null;
                                versionName: string;
                                terminals: number;
                            }[];
                            editable: boolean;
                        };
                    };
                };
            };
        };
    };
    app_app_app_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    app_app_app_getById: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            /** @enum {string} */
                            platform: "android" | "windows";
                            name: string;
                            packageName: string;
                            type: string;
                            description: string;
                            notes: string;
                            /** @enum {string} */
                            visibility: "public" | "private";
                            /** @enum {string} */
                            shelf: "unlaunched" | "launched";
                            iconUrl: string | null;
                            signerSha256: string;
                            ownerId: string;
                            ownerName: string;
                            latest: {
                                id: string;
                                versionCode: number;
                                versionName: string;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                size: number;
                            } | null;
                            current: {
                                id: string;
                                versionCode: number;
                                versionName: string;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                size: number;
                            } | null;
                            installs: number;
                            createdAt: string;
                            updatedAt: string;
                            versions: {
                                id: string;
                                appId: string;
                                versionCode: number;
                                versionName: string;
                                fileName: string;
                                size: number;
                                sha256: string;
                                minSdk: number | null;
                                targetSdk: number | null;
                                permissions: string[];
                                label: string;
                                signerSha256: string;
                                signerSubject: string;
                                schemes: string[];
                                installer: ("exe" | "msi" | "zip") | null;
                                installArgs: string;
                                releaseNotesEn: string;
                                releaseNotesZh: string;
                                osMin: number | null;
                                osMax: number | null;
                                models: string[];
                                autoUpdate: boolean;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                rejectReason: string | null;
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                graySns: string[];
                                health: {
                                    /** @default 2 */
                                    crashRatio: number;
                                    /** @default 3 */
                                    minCrashes: number;
                                    /** @default 0.2 */
                                    maxInstallFailureRate: number;
                                    /** @default 0.3 */
                                    maxOfflineExcess: number;
                                };
                                pauseReason: string | null;
                                releasedAt: string | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            screenshots: {
                                id: string;
                                url: string;
                                size: number;
                            }[];
                            installStats: {
                                versionCode: number | null;
                                versionName: string;
                                terminals: number;
                            }[];
                            editable: boolean;
                        };
                    };
                };
            };
        };
    };
    app_app_app_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                keyword?: string;
                type?: string;
                model?: string;
                platform?: ("android" | "windows") | "";
                shelf?: ("unlaunched" | "launched") | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                /** @enum {string} */
                                platform: "android" | "windows";
                                name: string;
                                packageName: string;
                                type: string;
                                description: string;
                                notes: string;
                                /** @enum {string} */
                                visibility: "public" | "private";
                                /** @enum {string} */
                                shelf: "unlaunched" | "launched";
                                iconUrl: string | null;
                                signerSha256: string;
                                ownerId: string;
                                ownerName: string;
                                latest: {
                                    id: string;
                                    versionCode: number;
                                    versionName: string;
                                    /** @enum {string} */
                                    reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                    /** @enum {string} */
                                    releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                    size: number;
                                } | null;
                                current: {
                                    id: string;
                                    versionCode: number;
                                    versionName: string;
                                    /** @enum {string} */
                                    reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                    /** @enum {string} */
                                    releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                    size: number;
                                } | null;
                                installs: number;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    app_app_app_screenshot_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    appId: string;
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            /** @enum {string} */
                            platform: "android" | "windows";
                            name: string;
                            packageName: string;
                            type: string;
                            description: string;
                            notes: string;
                            /** @enum {string} */
                            visibility: "public" | "private";
                            /** @enum {string} */
                            shelf: "unlaunched" | "launched";
                            iconUrl: string | null;
                            signerSha256: string;
                            ownerId: string;
                            ownerName: string;
                            latest: {
                                id: string;
                                versionCode: number;
                                versionName: string;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                size: number;
                            } | null;
                            current: {
                                id: string;
                                versionCode: number;
                                versionName: string;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                size: number;
                            } | null;
                            installs: number;
                            createdAt: string;
                            updatedAt: string;
                            versions: {
                                id: string;
                                appId: string;
                                versionCode: number;
                                versionName: string;
                                fileName: string;
                                size: number;
                                sha256: string;
                                minSdk: number | null;
                                targetSdk: number | null;
                                permissions: string[];
                                label: string;
                                signerSha256: string;
                                signerSubject: string;
                                schemes: string[];
                                installer: ("exe" | "msi" | "zip") | null;
                                installArgs: string;
                                releaseNotesEn: string;
                                releaseNotesZh: string;
                                osMin: number | null;
                                osMax: number | null;
                                models: string[];
                                autoUpdate: boolean;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                rejectReason: string | null;
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                graySns: string[];
                                health: {
                                    /** @default 2 */
                                    crashRatio: number;
                                    /** @default 3 */
                                    minCrashes: number;
                                    /** @default 0.2 */
                                    maxInstallFailureRate: number;
                                    /** @default 0.3 */
                                    maxOfflineExcess: number;
                                };
                                pauseReason: string | null;
                                releasedAt: string | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            screenshots: {
                                id: string;
                                url: string;
                                size: number;
                            }[];
                            installStats: {
                                versionCode: number | null;
                                versionName: string;
                                terminals: number;
                            }[];
                            editable: boolean;
                        };
                    };
                };
            };
        };
    };
    app_app_app_screenshot_upload: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            /** @enum {string} */
                            platform: "android" | "windows";
                            name: string;
                            packageName: string;
                            type: string;
                            description: string;
                            notes: string;
                            /** @enum {string} */
                            visibility: "public" | "private";
                            /** @enum {string} */
                            shelf: "unlaunched" | "launched";
                            iconUrl: string | null;
                            signerSha256: string;
                            ownerId: string;
                            ownerName: string;
                            latest: {
                                id: string;
                                versionCode: number;
                                versionName: string;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                size: number;
                            } | null;
                            current: {
                                id: string;
                                versionCode: number;
                                versionName: string;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                size: number;
                            } | null;
                            installs: number;
                            createdAt: string;
                            updatedAt: string;
                            versions: {
                                id: string;
                                appId: string;
                                versionCode: number;
                                versionName: string;
                                fileName: string;
                                size: number;
                                sha256: string;
                                minSdk: number | null;
                                targetSdk: number | null;
                                permissions: string[];
                                label: string;
                                signerSha256: string;
                                signerSubject: string;
                                schemes: string[];
                                installer: ("exe" | "msi" | "zip") | null;
                                installArgs: string;
                                releaseNotesEn: string;
                                releaseNotesZh: string;
                                osMin: number | null;
                                osMax: number | null;
                                models: string[];
                                autoUpdate: boolean;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                rejectReason: string | null;
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                graySns: string[];
                                health: {
                                    /** @default 2 */
                                    crashRatio: number;
                                    /** @default 3 */
                                    minCrashes: number;
                                    /** @default 0.2 */
                                    maxInstallFailureRate: number;
                                    /** @default 0.3 */
                                    maxOfflineExcess: number;
                                };
                                pauseReason: string | null;
                                releasedAt: string | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            screenshots: {
                                id: string;
                                url: string;
                                size: number;
                            }[];
                            installStats: {
                                versionCode: number | null;
                                versionName: string;
                                terminals: number;
                            }[];
                            editable: boolean;
                        };
                    };
                };
            };
        };
    };
    app_app_app_shelf: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    launched: boolean;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            /** @enum {string} */
                            platform: "android" | "windows";
                            name: string;
                            packageName: string;
                            type: string;
                            description: string;
                            notes: string;
                            /** @enum {string} */
                            visibility: "public" | "private";
                            /** @enum {string} */
                            shelf: "unlaunched" | "launched";
                            iconUrl: string | null;
                            signerSha256: string;
                            ownerId: string;
                            ownerName: string;
                            latest: {
                                id: string;
                                versionCode: number;
                                versionName: string;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                size: number;
                            } | null;
                            current: {
                                id: string;
                                versionCode: number;
                                versionName: string;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                size: number;
                            } | null;
                            installs: number;
                            createdAt: string;
                            updatedAt: string;
                            versions: {
                                id: string;
                                appId: string;
                                versionCode: number;
                                versionName: string;
                                fileName: string;
                                size: number;
                                sha256: string;
                                minSdk: number | null;
                                targetSdk: number | null;
                                permissions: string[];
                                label: string;
                                signerSha256: string;
                                signerSubject: string;
                                schemes: string[];
                                installer: ("exe" | "msi" | "zip") | null;
                                installArgs: string;
                                releaseNotesEn: string;
                                releaseNotesZh: string;
                                osMin: number | null;
                                osMax: number | null;
                                models: string[];
                                autoUpdate: boolean;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                rejectReason: string | null;
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                graySns: string[];
                                health: {
                                    /** @default 2 */
                                    crashRatio: number;
                                    /** @default 3 */
                                    minCrashes: number;
                                    /** @default 0.2 */
                                    maxInstallFailureRate: number;
                                    /** @default 0.3 */
                                    maxOfflineExcess: number;
                                };
                                pauseReason: string | null;
                                releasedAt: string | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            screenshots: {
                                id: string;
                                url: string;
                                size: number;
                            }[];
                            installStats: {
                                versionCode: number | null;
                                versionName: string;
                                terminals: number;
                            }[];
                            editable: boolean;
                        };
                    };
                };
            };
        };
    };
    app_app_app_upload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            /** @enum {string} */
                            platform: "android" | "windows";
                            name: string;
                            packageName: string;
                            type: string;
                            description: string;
                            notes: string;
                            /** @enum {string} */
                            visibility: "public" | "private";
                            /** @enum {string} */
                            shelf: "unlaunched" | "launched";
                            iconUrl: string | null;
                            signerSha256: string;
                            ownerId: string;
                            ownerName: string;
                            latest: {
                                id: string;
                                versionCode: number;
                                versionName: string;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                size: number;
                            } | null;
                            current: {
                                id: string;
                                versionCode: number;
                                versionName: string;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                size: number;
                            } | null;
                            installs: number;
                            createdAt: string;
                            updatedAt: string;
                            versions: {
                                id: string;
                                appId: string;
                                versionCode: number;
                                versionName: string;
                                fileName: string;
                                size: number;
                                sha256: string;
                                minSdk: number | null;
                                targetSdk: number | null;
                                permissions: string[];
                                label: string;
                                signerSha256: string;
                                signerSubject: string;
                                schemes: string[];
                                installer: ("exe" | "msi" | "zip") | null;
                                installArgs: string;
                                releaseNotesEn: string;
                                releaseNotesZh: string;
                                osMin: number | null;
                                osMax: number | null;
                                models: string[];
                                autoUpdate: boolean;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                rejectReason: string | null;
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                graySns: string[];
                                health: {
                                    /** @default 2 */
                                    crashRatio: number;
                                    /** @default 3 */
                                    minCrashes: number;
                                    /** @default 0.2 */
                                    maxInstallFailureRate: number;
                                    /** @default 0.3 */
                                    maxOfflineExcess: number;
                                };
                                pauseReason: string | null;
                                releasedAt: string | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            screenshots: {
                                id: string;
                                url: string;
                                size: number;
                            }[];
                            installStats: {
                                versionCode: number | null;
                                versionName: string;
                                terminals: number;
                            }[];
                            editable: boolean;
                        };
                    };
                };
            };
        };
    };
    app_app_audit_audit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    approved: boolean;
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            appId: string;
                            versionCode: number;
                            versionName: string;
                            fileName: string;
                            size: number;
                            sha256: string;
                            minSdk: number | null;
                            targetSdk: number | null;
                            permissions: string[];
                            label: string;
                            signerSha256: string;
                            signerSubject: string;
                            schemes: string[];
                            installer: ("exe" | "msi" | "zip") | null;
                            installArgs: string;
                            releaseNotesEn: string;
                            releaseNotesZh: string;
                            osMin: number | null;
                            osMax: number | null;
                            models: string[];
                            autoUpdate: boolean;
                            /** @enum {string} */
                            reviewStatus: "draft" | "pending" | "approved" | "rejected";
                            rejectReason: string | null;
                            /** @enum {string} */
                            releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                            graySns: string[];
                            health: {
                                /** @default 2 */
                                crashRatio: number;
                                /** @default 3 */
                                minCrashes: number;
                                /** @default 0.2 */
                                maxInstallFailureRate: number;
                                /** @default 0.3 */
                                maxOfflineExcess: number;
                            };
                            pauseReason: string | null;
                            releasedAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
    };
    app_app_audit_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                keyword?: string;
                status?: ("draft" | "pending" | "approved" | "rejected") | "";
                platform?: ("android" | "windows") | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                version: {
                                    id: string;
                                    appId: string;
                                    versionCode: number;
                                    versionName: string;
                                    fileName: string;
                                    size: number;
                                    sha256: string;
                                    minSdk: number | null;
                                    targetSdk: number | null;
                                    permissions: string[];
                                    label: string;
                                    signerSha256: string;
                                    signerSubject: string;
                                    schemes: string[];
                                    installer: ("exe" | "msi" | "zip") | null;
                                    installArgs: string;
                                    releaseNotesEn: string;
                                    releaseNotesZh: string;
                                    osMin: number | null;
                                    osMax: number | null;
                                    models: string[];
                                    autoUpdate: boolean;
                                    /** @enum {string} */
                                    reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                    rejectReason: string | null;
                                    /** @enum {string} */
                                    releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                    graySns: string[];
                                    health: {
                                        /** @default 2 */
                                        crashRatio: number;
                                        /** @default 3 */
                                        minCrashes: number;
                                        /** @default 0.2 */
                                        maxInstallFailureRate: number;
                                        /** @default 0.3 */
                                        maxOfflineExcess: number;
                                    };
                                    pauseReason: string | null;
                                    releasedAt: string | null;
                                    createdAt: string;
                                    updatedAt: string;
                                };
                                app: {
                                    id: string;
                                    /** @enum {string} */
                                    platform: "android" | "windows";
                                    name: string;
                                    packageName: string;
                                    type: string;
                                    description: string;
                                    notes: string;
                                    /** @enum {string} */
                                    visibility: "public" | "private";
                                    /** @enum {string} */
                                    shelf: "unlaunched" | "launched";
                                    iconUrl: string | null;
                                    signerSha256: string;
                                    ownerId: string;
                                    ownerName: string;
                                    installs: number;
                                    createdAt: string;
                                    updatedAt: string;
                                };
                                previous: {
                                    id: string;
                                    appId: string;
                                    versionCode: number;
                                    versionName: string;
                                    fileName: string;
                                    size: number;
                                    sha256: string;
                                    minSdk: number | null;
                                    targetSdk: number | null;
                                    permissions: string[];
                                    label: string;
                                    signerSha256: string;
                                    signerSubject: string;
                                    schemes: string[];
                                    installer: ("exe" | "msi" | "zip") | null;
                                    installArgs: string;
                                    releaseNotesEn: string;
                                    releaseNotesZh: string;
                                    osMin: number | null;
                                    osMax: number | null;
                                    models: string[];
                                    autoUpdate: boolean;
                                    /** @enum {string} */
                                    reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                    rejectReason: string | null;
                                    /** @enum {string} */
                                    releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                    graySns: string[];
                                    health: {
                                        /** @default 2 */
                                        crashRatio: number;
                                        /** @default 3 */
                                        minCrashes: number;
                                        /** @default 0.2 */
                                        maxInstallFailureRate: number;
                                        /** @default 0.3 */
                                        maxOfflineExcess: number;
                                    };
                                    pauseReason: string | null;
                                    releasedAt: string | null;
                                    createdAt: string;
                                    updatedAt: string;
                                } | null;
                                addedPermissions: string[];
                                removedPermissions: string[];
                                newDangerousPermissions: string[];
                                signerChanged: boolean;
                                minSdkChanged: boolean;
                                submittedBy: string;
                                history: {
                                    /** @enum {string} */
                                    decision: "submitted" | "approved" | "rejected";
                                    reason: string | null;
                                    actorName: string;
                                    at: string;
                                }[];
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    app_app_market_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                keyword?: string;
                type?: string;
                model?: string;
                platform?: ("android" | "windows") | "";
                shelf?: ("unlaunched" | "launched") | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                /** @enum {string} */
                                platform: "android" | "windows";
                                name: string;
                                packageName: string;
                                type: string;
                                description: string;
                                notes: string;
                                /** @enum {string} */
                                visibility: "public" | "private";
                                /** @enum {string} */
                                shelf: "unlaunched" | "launched";
                                iconUrl: string | null;
                                signerSha256: string;
                                ownerId: string;
                                ownerName: string;
                                latest: {
                                    id: string;
                                    versionCode: number;
                                    versionName: string;
                                    /** @enum {string} */
                                    reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                    /** @enum {string} */
                                    releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                    size: number;
                                } | null;
                                current: {
                                    id: string;
                                    versionCode: number;
                                    versionName: string;
                                    /** @enum {string} */
                                    reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                    /** @enum {string} */
                                    releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                    size: number;
                                } | null;
                                installs: number;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    app_app_record_export: {
        parameters: {
            query?: {
                keyword?: string;
                kind?: ("upload" | "edit" | "submit" | "approve" | "reject" | "launch" | "unlaunch" | "gray" | "official" | "pause" | "rollback" | "delete" | "install" | "upgrade" | "reinstall" | "downgrade" | "uninstall" | "healthPause" | "supersede" | "autoUpdate") | "";
                sn?: string;
                actor?: string;
                from?: string | "";
                to?: string | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    app_app_record_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                keyword?: string;
                kind?: ("upload" | "edit" | "submit" | "approve" | "reject" | "launch" | "unlaunch" | "gray" | "official" | "pause" | "rollback" | "delete" | "install" | "upgrade" | "reinstall" | "downgrade" | "uninstall" | "healthPause" | "supersede" | "autoUpdate") | "";
                sn?: string;
                actor?: string;
                from?: string | "";
                to?: string | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                /** @enum {string} */
                                kind: "upload" | "edit" | "submit" | "approve" | "reject" | "launch" | "unlaunch" | "gray" | "official" | "pause" | "rollback" | "delete" | "install" | "upgrade" | "reinstall" | "downgrade" | "uninstall" | "healthPause" | "supersede" | "autoUpdate";
                                appId: string | null;
                                appName: string;
                                packageName: string;
                                versionName: string;
                                sn: string | null;
                                actorName: string;
                                /** @enum {string} */
                                actorKind: "user" | "system" | "terminal";
                                detail: string;
                                detailText: {
                                    /** @enum {string} */
                                    key: "versionChange" | "installTask" | "installTaskFailed" | "officialRelease" | "rollback" | "healthPause";
                                    params: {
                                        [key: string]: string | number;
                                    };
                                } | null;
                                taskId: string | null;
                                /** @enum {string} */
                                result: "success" | "failure";
                                at: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    app_app_version_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    app_app_version_getList: {
        parameters: {
            query?: {
                appName?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            versionCode: number;
                            versionName: string;
                            /** @enum {string} */
                            reviewStatus: "draft" | "pending" | "approved" | "rejected";
                            /** @enum {string} */
                            releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                            size: number;
                            appId: string;
                            appName: string;
                            packageName: string;
                            /** @enum {string} */
                            platform: "android" | "windows";
                            releasedAt: string | null;
                        }[];
                    };
                };
            };
        };
    };
    app_app_version_health: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            versionId: string;
                            /** @enum {string} */
                            releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                            gray: {
                                terminals: number;
                                crashes: number;
                                anrs: number;
                                crashRate: number;
                                offline: number;
                                offlineRate: number;
                            };
                            rest: {
                                terminals: number;
                                crashes: number;
                                anrs: number;
                                crashRate: number;
                                offline: number;
                                offlineRate: number;
                            };
                            installs: {
                                success: number;
                                failure: number;
                                failureRate: number;
                            };
                            thresholds: {
                                /** @default 2 */
                                crashRatio: number;
                                /** @default 3 */
                                minCrashes: number;
                                /** @default 0.2 */
                                maxInstallFailureRate: number;
                                /** @default 0.3 */
                                maxOfflineExcess: number;
                            };
                            breaches: string[];
                            pauseReason: string | null;
                            rollbackTo: {
                                id: string;
                                versionCode: number;
                                versionName: string;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                size: number;
                            } | null;
                            checkedAt: string;
                        };
                    };
                };
            };
        };
    };
    app_app_version_release: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    action: "gray";
                    sns: string;
                    health?: {
                        /** @default 2 */
                        crashRatio?: number;
                        /** @default 3 */
                        minCrashes?: number;
                        /** @default 0.2 */
                        maxInstallFailureRate?: number;
                        /** @default 0.3 */
                        maxOfflineExcess?: number;
                    };
                } | {
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    action: "official";
                } | {
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    action: "pause";
                } | {
                    /** Format: uuid */
                    id: string;
                    /** @constant */
                    action: "rollback";
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            appId: string;
                            versionCode: number;
                            versionName: string;
                            fileName: string;
                            size: number;
                            sha256: string;
                            minSdk: number | null;
                            targetSdk: number | null;
                            permissions: string[];
                            label: string;
                            signerSha256: string;
                            signerSubject: string;
                            schemes: string[];
                            installer: ("exe" | "msi" | "zip") | null;
                            installArgs: string;
                            releaseNotesEn: string;
                            releaseNotesZh: string;
                            osMin: number | null;
                            osMax: number | null;
                            models: string[];
                            autoUpdate: boolean;
                            /** @enum {string} */
                            reviewStatus: "draft" | "pending" | "approved" | "rejected";
                            rejectReason: string | null;
                            /** @enum {string} */
                            releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                            graySns: string[];
                            health: {
                                /** @default 2 */
                                crashRatio: number;
                                /** @default 3 */
                                minCrashes: number;
                                /** @default 0.2 */
                                maxInstallFailureRate: number;
                                /** @default 0.3 */
                                maxOfflineExcess: number;
                            };
                            pauseReason: string | null;
                            releasedAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                            outcome: {
                                pushed: number;
                                taskId: string | null;
                                notPushed: ("autoUpdateOff" | "noTerminals" | "failed") | null;
                                superseded: string[];
                            };
                        };
                    };
                };
            };
        };
    };
    app_app_version_submit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            appId: string;
                            versionCode: number;
                            versionName: string;
                            fileName: string;
                            size: number;
                            sha256: string;
                            minSdk: number | null;
                            targetSdk: number | null;
                            permissions: string[];
                            label: string;
                            signerSha256: string;
                            signerSubject: string;
                            schemes: string[];
                            installer: ("exe" | "msi" | "zip") | null;
                            installArgs: string;
                            releaseNotesEn: string;
                            releaseNotesZh: string;
                            osMin: number | null;
                            osMax: number | null;
                            models: string[];
                            autoUpdate: boolean;
                            /** @enum {string} */
                            reviewStatus: "draft" | "pending" | "approved" | "rejected";
                            rejectReason: string | null;
                            /** @enum {string} */
                            releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                            graySns: string[];
                            health: {
                                /** @default 2 */
                                crashRatio: number;
                                /** @default 3 */
                                minCrashes: number;
                                /** @default 0.2 */
                                maxInstallFailureRate: number;
                                /** @default 0.3 */
                                maxOfflineExcess: number;
                            };
                            pauseReason: string | null;
                            releasedAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
    };
    app_app_version_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    /** @default  */
                    releaseNotesEn?: string;
                    /** @default  */
                    releaseNotesZh?: string;
                    osMin?: number | null;
                    osMax?: number | null;
                    /** @default [] */
                    models?: string[];
                    /** @default false */
                    autoUpdate?: boolean;
                    installArgs?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            appId: string;
                            versionCode: number;
                            versionName: string;
                            fileName: string;
                            size: number;
                            sha256: string;
                            minSdk: number | null;
                            targetSdk: number | null;
                            permissions: string[];
                            label: string;
                            signerSha256: string;
                            signerSubject: string;
                            schemes: string[];
                            installer: ("exe" | "msi" | "zip") | null;
                            installArgs: string;
                            releaseNotesEn: string;
                            releaseNotesZh: string;
                            osMin: number | null;
                            osMax: number | null;
                            models: string[];
                            autoUpdate: boolean;
                            /** @enum {string} */
                            reviewStatus: "draft" | "pending" | "approved" | "rejected";
                            rejectReason: string | null;
                            /** @enum {string} */
                            releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                            graySns: string[];
                            health: {
                                /** @default 2 */
                                crashRatio: number;
                                /** @default 3 */
                                minCrashes: number;
                                /** @default 0.2 */
                                maxInstallFailureRate: number;
                                /** @default 0.3 */
                                maxOfflineExcess: number;
                            };
                            pauseReason: string | null;
                            releasedAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
    };
    app_app_windows_upload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            /** @enum {string} */
                            platform: "android" | "windows";
                            name: string;
                            packageName: string;
                            type: string;
                            description: string;
                            notes: string;
                            /** @enum {string} */
                            visibility: "public" | "private";
                            /** @enum {string} */
                            shelf: "unlaunched" | "launched";
                            iconUrl: string | null;
                            signerSha256: string;
                            ownerId: string;
                            ownerName: string;
                            latest: {
                                id: string;
                                versionCode: number;
                                versionName: string;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                size: number;
                            } | null;
                            current: {
                                id: string;
                                versionCode: number;
                                versionName: string;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                size: number;
                            } | null;
                            installs: number;
                            createdAt: string;
                            updatedAt: string;
                            versions: {
                                id: string;
                                appId: string;
                                versionCode: number;
                                versionName: string;
                                fileName: string;
                                size: number;
                                sha256: string;
                                minSdk: number | null;
                                targetSdk: number | null;
                                permissions: string[];
                                label: string;
                                signerSha256: string;
                                signerSubject: string;
                                schemes: string[];
                                installer: ("exe" | "msi" | "zip") | null;
                                installArgs: string;
                                releaseNotesEn: string;
                                releaseNotesZh: string;
                                osMin: number | null;
                                osMax: number | null;
                                models: string[];
                                autoUpdate: boolean;
                                /** @enum {string} */
                                reviewStatus: "draft" | "pending" | "approved" | "rejected";
                                rejectReason: string | null;
                                /** @enum {string} */
                                releaseStatus: "none" | "gray" | "paused" | "official" | "rolledBack" | "superseded";
                                graySns: string[];
                                health: {
                                    /** @default 2 */
                                    crashRatio: number;
                                    /** @default 3 */
                                    minCrashes: number;
                                    /** @default 0.2 */
                                    maxInstallFailureRate: number;
                                    /** @default 0.3 */
                                    maxOfflineExcess: number;
                                };
                                pauseReason: string | null;
                                releasedAt: string | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            screenshots: {
                                id: string;
                                url: string;
                                size: number;
                            }[];
                            installStats: {
                                versionCode: number | null;
                                versionName: string;
                                terminals: number;
                            }[];
                            editable: boolean;
                        };
                    };
                };
            };
        };
    };
    device_agent_alarm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /**
                     * @default medium
                     * @enum {string}
                     */
                    severity?: "critical" | "high" | "medium" | "low" | "info";
                    /** Format: date-time */
                    at?: string;
                    /** @default  */
                    detail?: string;
                    /** @constant */
                    type: "raise";
                } | {
                    /** @constant */
                    type: "clear";
                    name: string;
                    /** Format: date-time */
                    at?: string;
                } | {
                    /** @constant */
                    type: "snapshot";
                    alarms: {
                        name: string;
                        /**
                         * @default medium
                         * @enum {string}
                         */
                        severity?: "critical" | "high" | "medium" | "low" | "info";
                        /** Format: date-time */
                        at?: string;
                        /** @default  */
                        detail?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            accepted: boolean;
                        };
                    };
                };
            };
        };
    };
    device_agent_blob_download: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    device_agent_command_upload: {
        parameters: {
            query: {
                deliveryId: string;
                kind: "screenshot" | "log";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                        };
                    };
                };
            };
        };
    };
    device_agent_enroll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sn: string;
                    enrollmentKey: string;
                    mac?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            sn: string;
                            secret: string;
                            topics: {
                                up: string;
                                down: string;
                            };
                            heartbeatIntervalSec: number;
                        };
                    };
                };
            };
        };
    };
    device_agent_event: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ts?: number;
                    /** @enum {string} */
                    type: "boot" | "shutdown" | "peripheralAttached" | "peripheralDetached" | "peripheralFault" | "appInstalled" | "appRemoved" | "hardwareFault" | "appCrash" | "appAnr" | "paymentLocked" | "paymentUnlocked";
                    peripheral?: {
                        /** @enum {string} */
                        kind: "serial" | "usb" | "printer";
                        name: string;
                        vid?: string;
                        pid?: string;
                        port?: string;
                        /**
                         * @default ok
                         * @enum {string}
                         */
                        status?: "ok" | "fault";
                    };
                    app?: {
                        packageName: string;
                        name?: string;
                        versionName?: string;
                        versionCode?: number;
                        system?: boolean;
                        permissions?: string[];
                    };
                    detail?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            accepted: boolean;
                        };
                    };
                };
            };
        };
    };
    device_agent_heartbeat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ts?: number;
                    battery?: number;
                    charging?: boolean;
                    /** @enum {string} */
                    network?: "wifi" | "ethernet" | "cellular" | "none";
                    signal?: number;
                    ip?: string;
                    storageFreeMb?: number;
                    memoryFreeMb?: number;
                    uptimeSec?: number;
                    dataUsageBytes?: number;
                    mobileBytes?: number;
                    wifiBytes?: number;
                    payment?: {
                        inTransaction: boolean;
                        unsettled: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            heartbeatIntervalSec: number;
                            pending: number;
                            paymentLock?: {
                                /** @constant */
                                type: "paymentLock";
                                locked: boolean;
                                fence: string | null;
                                ts: number;
                            };
                            serverTime: number;
                        };
                    };
                };
            };
        };
    };
    device_agent_hello: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ts?: number;
                    /**
                     * @default android
                     * @enum {string}
                     */
                    platform?: "android" | "linux" | "windows";
                    model?: string;
                    osVersion?: string;
                    firmwareVersion?: string;
                    agentVersion?: string;
                    /** @default {} */
                    hardware?: {
                        cpu?: string;
                        cores?: number;
                        memoryMb?: number;
                        storageMb?: number;
                        resolution?: string;
                        imei?: string;
                        mac?: string;
                        bluetoothMac?: string;
                    };
                    /** @default [] */
                    apps?: {
                        packageName: string;
                        name?: string;
                        versionName?: string;
                        versionCode?: number;
                        system?: boolean;
                        permissions?: string[];
                    }[];
                    /** @default [] */
                    peripherals?: {
                        /** @enum {string} */
                        kind: "serial" | "usb" | "printer";
                        name: string;
                        vid?: string;
                        pid?: string;
                        port?: string;
                        /**
                         * @default ok
                         * @enum {string}
                         */
                        status?: "ok" | "fault";
                    }[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            accepted: boolean;
                        };
                    };
                };
            };
        };
    };
    device_agent_location: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ts?: number;
                    lat: number;
                    lng: number;
                    accuracy?: number;
                    /**
                     * @default gps
                     * @enum {string}
                     */
                    source?: "gps" | "network" | "ip";
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            accepted: boolean;
                        };
                    };
                };
            };
        };
    };
    device_agent_output: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    requestId: string;
                    text: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            accepted: boolean;
                        };
                    };
                };
            };
        };
    };
    device_agent_policy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            document: {
                                /** @constant */
                                type: "policy";
                                /** @constant */
                                version: 1;
                                revision: number;
                                fields: {
                                    /** @enum {string} */
                                    field: "kioskApp" | "allowedApps" | "requiredApps" | "appConfig" | "screenTimeoutSec" | "brightness" | "volume" | "timeZone" | "wifiNetworks" | "bluetooth" | "usbDebugging" | "usbFileTransfer" | "locationReporting" | "wallpaper" | "bootAnimation" | "maintenance";
                                    value: unknown;
                                }[];
                                ts: number;
                            } | null;
                        };
                    };
                };
            };
        };
    };
    device_agent_policy_report: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    revision?: number;
                    /** @default [] */
                    results?: ({
                        /** @enum {string} */
                        field: "kioskApp" | "allowedApps" | "requiredApps" | "appConfig" | "screenTimeoutSec" | "brightness" | "volume" | "timeZone" | "wifiNetworks" | "bluetooth" | "usbDebugging" | "usbFileTransfer" | "locationReporting" | "wallpaper" | "bootAnimation" | "maintenance";
                        /** @constant */
                        state: "applied";
                        actual: unknown;
                    } | {
                        /** @enum {string} */
                        field: "kioskApp" | "allowedApps" | "requiredApps" | "appConfig" | "screenTimeoutSec" | "brightness" | "volume" | "timeZone" | "wifiNetworks" | "bluetooth" | "usbDebugging" | "usbFileTransfer" | "locationReporting" | "wallpaper" | "bootAnimation" | "maintenance";
                        /** @constant */
                        state: "failed";
                        reason: string;
                        message?: string;
                        actual?: unknown;
                    } | {
                        /** @enum {string} */
                        field: "kioskApp" | "allowedApps" | "requiredApps" | "appConfig" | "screenTimeoutSec" | "brightness" | "volume" | "timeZone" | "wifiNetworks" | "bluetooth" | "usbDebugging" | "usbFileTransfer" | "locationReporting" | "wallpaper" | "bootAnimation" | "maintenance";
                        /** @constant */
                        state: "unsupported";
                        message?: string;
                    })[];
                    /** @default [] */
                    changes?: {
                        /** @enum {string} */
                        field: "kioskApp" | "allowedApps" | "requiredApps" | "appConfig" | "screenTimeoutSec" | "brightness" | "volume" | "timeZone" | "wifiNetworks" | "bluetooth" | "usbDebugging" | "usbFileTransfer" | "locationReporting" | "wallpaper" | "bootAnimation" | "maintenance";
                        actual: unknown;
                    }[];
                    sync?: boolean;
                    ts?: number;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            document: {
                                /** @constant */
                                type: "policy";
                                /** @constant */
                                version: 1;
                                revision: number;
                                fields: {
                                    /** @enum {string} */
                                    field: "kioskApp" | "allowedApps" | "requiredApps" | "appConfig" | "screenTimeoutSec" | "brightness" | "volume" | "timeZone" | "wifiNetworks" | "bluetooth" | "usbDebugging" | "usbFileTransfer" | "locationReporting" | "wallpaper" | "bootAnimation" | "maintenance";
                                    value: unknown;
                                }[];
                                ts: number;
                            } | null;
                        };
                    };
                };
            };
        };
    };
    device_agent_status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    online: boolean;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            accepted: boolean;
                        };
                    };
                };
            };
        };
    };
    device_agent_sysFile_download: {
        parameters: {
            query: {
                sha256: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    device_agent_tasks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            tasks: {
                                deliveryId: string;
                                taskId: string;
                                attempt: number;
                                /** @enum {string} */
                                type: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                                params: {
                                    [key: string]: unknown;
                                };
                                file: {
                                    name: string;
                                    sha256: string;
                                    size: number;
                                    url: string;
                                    app?: {
                                        packageName: string;
                                        versionCode: number;
                                        versionName: string;
                                        signerSha256: string;
                                        installArgs?: string;
                                        downgrade: boolean;
                                    };
                                } | null;
                                conditions: {
                                    /** @default false */
                                    idle: boolean;
                                    /** @default false */
                                    settled: boolean;
                                    minBattery?: number;
                                    /** @default false */
                                    charging: boolean;
                                    window?: {
                                        from: string;
                                        to: string;
                                    };
                                };
                                notAfter: number;
                            }[];
                            serverTime: number;
                        };
                    };
                };
            };
        };
    };
    device_agent_tasks_report: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    results: {
                        deliveryId: string;
                        attempt: number;
                        /** @enum {string} */
                        state: "executed" | "success" | "failure" | "deferred";
                        /** @enum {string} */
                        deferReason?: "inTransaction" | "unsettled" | "lowBattery" | "notCharging" | "outsideWindow";
                        message?: string;
                        ts?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            results: {
                                deliveryId: string;
                                accepted: boolean;
                                state: ("waiting" | "pulled" | "executed" | "success" | "failure" | "expired" | "cancelled") | null;
                            }[];
                        };
                    };
                };
            };
        };
    };
    device_broker_emqx_authenticate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    username?: string;
                    password?: string;
                    clientid?: string;
                    topic?: string;
                    /** @enum {string} */
                    action?: "publish" | "subscribe" | "all";
                };
            };
        };
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    device_broker_emqx_authorize: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    username?: string;
                    password?: string;
                    clientid?: string;
                    topic?: string;
                    /** @enum {string} */
                    action?: "publish" | "subscribe" | "all";
                };
            };
        };
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    device_broker_mosquitto_acl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    username?: string;
                    password?: string;
                    clientid?: string;
                    topic?: string;
                    acc?: number;
                };
            };
        };
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    device_broker_mosquitto_superuser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    username?: string;
                    password?: string;
                    clientid?: string;
                    topic?: string;
                    acc?: number;
                };
            };
        };
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    device_broker_mosquitto_user: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    username?: string;
                    password?: string;
                    clientid?: string;
                    topic?: string;
                    acc?: number;
                };
            };
        };
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    device_dataCenter_monitor_overview: {
        parameters: {
            query: {
                startDate: string;
                endDate: string;
                groupId?: string;
                modelId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            days: {
                                day: string;
                                online: number;
                                active: number;
                                activated: number;
                            }[];
                            byModel: {
                                key: string | null;
                                label: string | null;
                                count: number;
                            }[];
                            byGroup: {
                                key: string | null;
                                label: string | null;
                                count: number;
                            }[];
                            byOsVersion: {
                                key: string | null;
                                label: string | null;
                                count: number;
                            }[];
                            byAppVersion: {
                                key: string | null;
                                label: string | null;
                                count: number;
                            }[];
                            heatmap: {
                                weekday: number;
                                hour: number;
                                count: number;
                            }[];
                            offlineLongest: {
                                sn: string;
                                name: string;
                                lastSeenAt: string | null;
                                ownerName: string | null;
                            }[];
                        };
                    };
                };
            };
        };
    };
    device_dataCenter_reports_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    name: string;
                    /** Format: email */
                    email: string;
                    /** @enum {string} */
                    frequency: "daily" | "weekly" | "monthly";
                    hour: number;
                    weekday?: number | null;
                    monthDay?: number | null;
                    timeZone: string;
                    /** @enum {string} */
                    language: "en" | "zh";
                    sections: ("fleet" | "offline" | "alerts" | "tasks" | "compliance")[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                        };
                    };
                };
            };
        };
    };
    device_dataCenter_reports_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    device_dataCenter_reports_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                name: string;
                                email: string;
                                /** @enum {string} */
                                frequency: "daily" | "weekly" | "monthly";
                                hour: number;
                                weekday: number | null;
                                monthDay: number | null;
                                timeZone: string;
                                /** @enum {string} */
                                language: "en" | "zh";
                                sections: ("fleet" | "offline" | "alerts" | "tasks" | "compliance")[];
                                paused: boolean;
                                nextRunAt: string | null;
                                lastSentAt: string | null;
                                ownerId: string;
                                ownerName: string | null;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_dataCenter_reports_pause: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    paused: boolean;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    device_dataCenter_reports_sendNow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            jobId: string;
                        };
                    };
                };
            };
        };
    };
    device_dataCenter_runRecord_detail: {
        parameters: {
            query: {
                startDate: string;
                endDate: string;
                sn: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            terminal: {
                                sn: string;
                                name: string;
                                online: boolean;
                                lastSeenAt: string | null;
                                modelName: string | null;
                                groupName: string | null;
                            };
                            /** @enum {string} */
                            granularity: "hour" | "day";
                            series: {
                                at: string;
                                onlineSec: number;
                                runtimeSec: number;
                                mobileBytes: number;
                                wifiBytes: number;
                                batteryMin: number | null;
                                memoryFreeMinMb: number | null;
                                storageFreeMinMb: number | null;
                                boots: number;
                                shutdowns: number;
                            }[];
                            totals: {
                                onlineSec: number;
                                runtimeSec: number;
                                mobileBytes: number;
                                wifiBytes: number;
                                boots: number;
                                shutdowns: number;
                            };
                            events: {
                                kind: string;
                                detail: string | null;
                                at: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    device_dataCenter_runRecord_export_get: {
        parameters: {
            query: {
                startDate: string;
                endDate: string;
                sn?: string;
                groupId?: string;
                modelId?: string;
                ownerId?: string;
                sortField?: "day" | "sn" | "onlineSec" | "runtimeSec" | "boots" | "shutdowns" | "mobileBytes" | "wifiBytes" | "batteryMin";
                sortOrder?: "ascend" | "descend";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    device_dataCenter_runRecord_export_post: {
        parameters: {
            query: {
                startDate: string;
                endDate: string;
                sn?: string;
                groupId?: string;
                modelId?: string;
                ownerId?: string;
                sortField?: "day" | "sn" | "onlineSec" | "runtimeSec" | "boots" | "shutdowns" | "mobileBytes" | "wifiBytes" | "batteryMin";
                sortOrder?: "ascend" | "descend";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    device_dataCenter_runRecord_getPage: {
        parameters: {
            query: {
                current?: number;
                size?: number;
                startDate: string;
                endDate: string;
                sn?: string;
                groupId?: string;
                modelId?: string;
                ownerId?: string;
                sortField?: "day" | "sn" | "onlineSec" | "runtimeSec" | "boots" | "shutdowns" | "mobileBytes" | "wifiBytes" | "batteryMin";
                sortOrder?: "ascend" | "descend";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                terminalId: string;
                                sn: string;
                                name: string;
                                groupName: string | null;
                                modelName: string | null;
                                ownerName: string | null;
                                day: string;
                                firstBootAt: string | null;
                                lastShutdownAt: string | null;
                                boots: number;
                                shutdowns: number;
                                runtimeSec: number;
                                onlineSec: number;
                                mobileBytes: number;
                                wifiBytes: number;
                                batteryMin: number | null;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_device_alerts_acknowledge: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                    /** @default  */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            changed: number;
                        };
                    };
                };
            };
        };
    };
    device_device_alerts_close: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                    /** @default  */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            changed: number;
                        };
                    };
                };
            };
        };
    };
    device_device_alerts_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                state?: "open" | "acknowledged" | "closed";
                severity?: "critical" | "high" | "medium" | "low" | "info";
                ruleId?: string;
                incidentId?: string;
                sn?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                ruleId: string;
                                ruleName: string;
                                /** @enum {string} */
                                condition: "offline" | "battery" | "peripheralFault" | "fenceBreach" | "taskFailureRate" | "appCrash" | "notSeen" | "metric" | "alarm" | "policyDrift";
                                /** @enum {string} */
                                kind: "condition" | "flapping";
                                /** @enum {string} */
                                severity: "critical" | "high" | "medium" | "low" | "info";
                                /** @enum {string} */
                                state: "open" | "acknowledged" | "closed";
                                subjectKey: string;
                                sn: string | null;
                                terminalName: string | null;
                                detail: string;
                                count: number;
                                incidentId: string | null;
                                firstAt: string;
                                lastAt: string;
                                ackAt: string | null;
                                ackBy: string | null;
                                closedAt: string | null;
                                closeReason: ("cleared" | "manual") | null;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_device_alerts_incidents_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                state?: "open" | "closed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                ruleId: string;
                                ruleName: string;
                                /** @enum {string} */
                                severity: "critical" | "high" | "medium" | "low" | "info";
                                /** @enum {string} */
                                state: "open" | "closed";
                                members: number;
                                openMembers: number;
                                firstAt: string;
                                lastAt: string;
                                closedAt: string | null;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_device_alerts_preferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            /** @default {} */
                            modes: {
                                [key: string]: "instant" | "digest" | "off";
                            };
                            /** @default [] */
                            mutedChannels: ("inApp" | "email" | "sms" | "webhook")[];
                        };
                    };
                };
            };
        };
    };
    device_device_alerts_preferences_save: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default {} */
                    modes?: {
                        [key: string]: "instant" | "digest" | "off";
                    };
                    /** @default [] */
                    mutedChannels?: ("inApp" | "email" | "sms" | "webhook")[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    device_device_alerts_rules_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    name: string;
                    /** @default true */
                    enabled?: boolean;
                    /** @enum {string} */
                    condition: "offline" | "battery" | "peripheralFault" | "fenceBreach" | "taskFailureRate" | "appCrash" | "notSeen" | "metric" | "alarm" | "policyDrift";
                    /** @default {} */
                    params?: {
                        minutes?: number;
                        tradingHours?: {
                            from: string;
                            to: string;
                            /** @default UTC */
                            timezone?: string;
                        };
                        percent?: number;
                        minCount?: number;
                        count?: number;
                        days?: number;
                        metric?: string;
                        /** @enum {string} */
                        op?: "gt" | "lt";
                        value?: number;
                        /** @enum {string} */
                        policySeverity?: "critical" | "major" | "minor" | "log";
                        name?: string;
                    };
                    /** @enum {string} */
                    severity: "critical" | "high" | "medium" | "low" | "info";
                    /** @default [] */
                    groupIds?: string[];
                    /** @default [] */
                    modelIds?: string[];
                    /**
                     * @default [
                     *       "inApp"
                     *     ]
                     */
                    channels?: ("inApp" | "email" | "sms" | "webhook")[];
                    /**
                     * @default {
                     *       "userIds": [],
                     *       "roleIds": [],
                     *       "emails": [],
                     *       "phones": []
                     *     }
                     */
                    recipients?: {
                        /** @default [] */
                        userIds?: string[];
                        /** @default [] */
                        roleIds?: string[];
                        /** @default [] */
                        emails?: string[];
                        /** @default [] */
                        phones?: string[];
                    };
                    /** @default null */
                    quietHours?: {
                        from: string;
                        to: string;
                        /** @default UTC */
                        timezone?: string;
                    } | null;
                    /** @default [] */
                    maintenance?: {
                        /** Format: date-time */
                        from: string;
                        /** Format: date-time */
                        to: string;
                    }[];
                    /** @default null */
                    flapChanges?: number | null;
                    /** @default null */
                    flapMinutes?: number | null;
                    /** @default 10 */
                    groupAt?: number;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                        };
                    };
                };
            };
        };
    };
    device_device_alerts_rules_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    device_device_alerts_rules_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                name: string;
                                /** @default true */
                                enabled: boolean;
                                /** @enum {string} */
                                condition: "offline" | "battery" | "peripheralFault" | "fenceBreach" | "taskFailureRate" | "appCrash" | "notSeen" | "metric" | "alarm" | "policyDrift";
                                /** @default {} */
                                params: {
                                    minutes?: number;
                                    tradingHours?: {
                                        from: string;
                                        to: string;
                                        /** @default UTC */
                                        timezone: string;
                                    };
                                    percent?: number;
                                    minCount?: number;
                                    count?: number;
                                    days?: number;
                                    metric?: string;
                                    /** @enum {string} */
                                    op?: "gt" | "lt";
                                    value?: number;
                                    /** @enum {string} */
                                    policySeverity?: "critical" | "major" | "minor" | "log";
                                    name?: string;
                                };
                                /** @enum {string} */
                                severity: "critical" | "high" | "medium" | "low" | "info";
                                /** @default [] */
                                groupIds: string[];
                                /** @default [] */
                                modelIds: string[];
                                /**
                                 * @default [
                                 *       "inApp"
                                 *     ]
                                 */
                                channels: ("inApp" | "email" | "sms" | "webhook")[];
                                /**
                                 * @default {
                                 *       "userIds": [],
                                 *       "roleIds": [],
                                 *       "emails": [],
                                 *       "phones": []
                                 *     }
                                 */
                                recipients: {
                                    /** @default [] */
                                    userIds: string[];
                                    /** @default [] */
                                    roleIds: string[];
                                    /** @default [] */
                                    emails: string[];
                                    /** @default [] */
                                    phones: string[];
                                };
                                /** @default null */
                                quietHours: {
                                    from: string;
                                    to: string;
                                    /** @default UTC */
                                    timezone: string;
                                } | null;
                                /** @default [] */
                                maintenance: {
                                    /** Format: date-time */
                                    from: string;
                                    /** Format: date-time */
                                    to: string;
                                }[];
                                /** @default null */
                                flapChanges: number | null;
                                /** @default null */
                                flapMinutes: number | null;
                                /** @default 10 */
                                groupAt: number;
                                id: string;
                                ownerId: string;
                                openAlerts: number;
                                lastEvaluatedAt: string | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_device_alerts_summary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            open: {
                                critical: number;
                                high: number;
                                medium: number;
                                low: number;
                                info: number;
                            };
                            acknowledged: {
                                critical: number;
                                high: number;
                                medium: number;
                                low: number;
                                info: number;
                            };
                        };
                    };
                };
            };
        };
    };
    device_device_alerts_timeline: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            /** @enum {string} */
                            kind: "raised" | "repeated" | "flapping" | "acknowledged" | "closed" | "cleared" | "notified";
                            actor: string | null;
                            note: string | null;
                            at: string;
                        }[];
                    };
                };
            };
        };
    };
    device_device_dashboard_overview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            total: number;
                            online: number;
                            offline: number;
                            longOffline: number;
                            activatedThisMonth: number;
                            byStatus: {
                                /** @enum {string} */
                                status: "warehoused" | "shipped" | "activated" | "loggedOff";
                                count: number;
                            }[];
                            byModel: {
                                model: string;
                                count: number;
                            }[];
                            onlineTrend: {
                                at: string;
                                online: number;
                            }[];
                            latestWarnings: {
                                id: string;
                                sn: string;
                                terminalName: string;
                                /** @enum {string} */
                                kind: "longOffline" | "lowBattery" | "peripheralFault" | "fenceBreach" | "fenceReturn";
                                detail: string | null;
                                at: string;
                                alerted: string[];
                                handled: boolean;
                            }[];
                        };
                    };
                };
            };
        };
    };
    device_device_exitRecord_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                sn?: string;
                status?: "warehoused" | "shipped" | "activated" | "loggedOff";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                sn: string;
                                modelName: string | null;
                                /** @enum {string} */
                                status: "warehoused" | "shipped" | "activated" | "loggedOff";
                                ownerName: string | null;
                                productionDate: string | null;
                                shippingDate: string | null;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_device_exitRecord_import: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            ok: boolean;
                            imported: number;
                            errors: {
                                row: number;
                                field: string;
                                message: string;
                                messageEn: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    device_device_exitRecord_template: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    device_device_favorite_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                sn: string;
                                name: string;
                                platform: string;
                                modelId: string | null;
                                modelName: string | null;
                                ownerId: string;
                                ownerName: string | null;
                                groupId: string | null;
                                groupName: string | null;
                                storeName: string;
                                mac: string | null;
                                /** @enum {string} */
                                status: "warehoused" | "shipped" | "activated" | "loggedOff";
                                online: boolean;
                                lastSeenAt: string | null;
                                longOffline: boolean;
                                battery: number | null;
                                ip: string | null;
                                osVersion: string | null;
                                agentVersion: string | null;
                                activationDate: string | null;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_device_favorite_toggle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sns: string[];
                    favorite: boolean;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            changed: number;
                        };
                    };
                };
            };
        };
    };
    device_device_fence_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    name: string;
                    /** @enum {string} */
                    shape: "polygon" | "circle";
                    /** @default [] */
                    points?: [
                        number,
                        number
                    ][];
                    /** @default null */
                    center?: {
                        lat: number;
                        lng: number;
                    } | null;
                    /** @default null */
                    radiusM?: number | null;
                    /** @enum {string} */
                    rule: "inside" | "outside";
                    /** @default null */
                    activeFrom?: number | null;
                    /** @default null */
                    activeTo?: number | null;
                    /** @default true */
                    enabled?: boolean;
                    /** @default false */
                    lockPayment?: boolean;
                    /** @default [] */
                    groupIds?: string[];
                    /** @default [] */
                    terminalSns?: string[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            ownerId: string;
                            /** @enum {string} */
                            shape: "polygon" | "circle";
                            points: [
                                number,
                                number
                            ][];
                            center: {
                                lat: number;
                                lng: number;
                            } | null;
                            radiusM: number | null;
                            /** @enum {string} */
                            rule: "inside" | "outside";
                            activeFrom: number | null;
                            activeTo: number | null;
                            timezone: string;
                            enabled: boolean;
                            lockPayment: boolean;
                            groupIds: string[];
                            terminalSns: string[];
                            violating: number;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
    };
    device_device_fence_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            deleted: number;
                        };
                    };
                };
            };
        };
    };
    device_device_fence_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                name: string;
                                ownerId: string;
                                /** @enum {string} */
                                shape: "polygon" | "circle";
                                points: [
                                    number,
                                    number
                                ][];
                                center: {
                                    lat: number;
                                    lng: number;
                                } | null;
                                radiusM: number | null;
                                /** @enum {string} */
                                rule: "inside" | "outside";
                                activeFrom: number | null;
                                activeTo: number | null;
                                timezone: string;
                                enabled: boolean;
                                lockPayment: boolean;
                                groupIds: string[];
                                terminalSns: string[];
                                violating: number;
                                updatedAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_device_map_clusters: {
        parameters: {
            query: {
                west: number;
                south: number;
                east: number;
                north: number;
                zoom: number;
                status?: "warehoused" | "shipped" | "activated" | "loggedOff";
                online?: "true" | "false";
                groupId?: string;
                modelId?: string;
                ownerId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            total: number;
                            clusters: {
                                lat: number;
                                lng: number;
                                count: number;
                                online: number;
                            }[];
                            terminals: {
                                id: string;
                                sn: string;
                                name: string;
                                lat: number;
                                lng: number;
                                online: boolean;
                                status: string;
                                lastSeenAt: string | null;
                                locatedAt: string | null;
                            }[];
                        };
                    };
                };
            };
        };
    };
    device_device_map_getPage: {
        parameters: {
            query: {
                current?: number;
                size?: number;
                west: number;
                south: number;
                east: number;
                north: number;
                status?: "warehoused" | "shipped" | "activated" | "loggedOff";
                online?: "true" | "false";
                groupId?: string;
                modelId?: string;
                ownerId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                sn: string;
                                name: string;
                                lat: number;
                                lng: number;
                                online: boolean;
                                status: string;
                                lastSeenAt: string | null;
                                locatedAt: string | null;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_device_map_reverse: {
        parameters: {
            query: {
                lat: number;
                lng: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            name: string;
                            country: string;
                            lat: number;
                            lng: number;
                            address: string | null;
                            distanceKm: number | null;
                        } | null;
                    };
                };
            };
        };
    };
    device_device_map_search: {
        parameters: {
            query: {
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            terminals: {
                                id: string;
                                sn: string;
                                name: string;
                                lat: number;
                                lng: number;
                                online: boolean;
                                status: string;
                                lastSeenAt: string | null;
                                locatedAt: string | null;
                            }[];
                            places: {
                                name: string;
                                country: string;
                                lat: number;
                                lng: number;
                                address: string | null;
                                distanceKm: number | null;
                            }[];
                        };
                    };
                };
            };
        };
    };
    device_device_map_track: {
        parameters: {
            query: {
                sn: string;
                from: string;
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            points: {
                                lat: number;
                                lng: number;
                                accuracy: number | null;
                                at: string;
                            }[];
                            truncated: boolean;
                        };
                    };
                };
            };
        };
    };
    device_device_model_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    name: string;
                    description?: string;
                    /** @default 1 */
                    state?: 0 | 1;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            description: string | null;
                            state: number;
                            terminalCount: number;
                            createdAt: string;
                        };
                    };
                };
            };
        };
    };
    device_device_model_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    device_device_model_getList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                        }[];
                    };
                };
            };
        };
    };
    device_device_model_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                name: string;
                                description: string | null;
                                state: number;
                                terminalCount: number;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_device_modelPeripheral_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    /** Format: uuid */
                    modelId: string;
                    /** Format: uuid */
                    peripheralId: string;
                    /** @default true */
                    required?: boolean;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            modelId: string;
                            modelName: string;
                            peripheralId: string;
                            peripheralName: string;
                            required: boolean;
                        };
                    };
                };
            };
        };
    };
    device_device_modelPeripheral_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    device_device_modelPeripheral_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                modelId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                modelId: string;
                                modelName: string;
                                peripheralId: string;
                                peripheralName: string;
                                required: boolean;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_device_peripheral_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    /** @enum {string} */
                    kind: "serial" | "usb";
                    pid?: string;
                    vid?: string;
                    name: string;
                    manufacturer?: string;
                    brand?: string;
                    identifier?: string;
                    baudRate?: number;
                    authCode?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            /** @enum {string} */
                            kind: "serial" | "usb";
                            pid: string | null;
                            vid: string | null;
                            name: string;
                            manufacturer: string | null;
                            brand: string | null;
                            identifier: string | null;
                            baudRate: number | null;
                            authCode: string | null;
                            createdAt: string;
                        };
                    };
                };
            };
        };
    };
    device_device_peripheral_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    device_device_peripheral_getList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                        }[];
                    };
                };
            };
        };
    };
    device_device_peripheral_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
                kind?: "serial" | "usb";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                /** @enum {string} */
                                kind: "serial" | "usb";
                                pid: string | null;
                                vid: string | null;
                                name: string;
                                manufacturer: string | null;
                                brand: string | null;
                                identifier: string | null;
                                baudRate: number | null;
                                authCode: string | null;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_device_peripheralFault_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                sn?: string;
                handled?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                sn: string;
                                terminalName: string;
                                peripheralName: string;
                                kind: string | null;
                                detail: string | null;
                                at: string;
                                handled: boolean;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_device_peripheralFault_handle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            handled: number;
                        };
                    };
                };
            };
        };
    };
    device_device_policy_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    name: string;
                    description?: string;
                    fields: {
                        kioskApp?: {
                            value: string | null;
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                        allowedApps?: {
                            value: string[];
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                        requiredApps?: {
                            value: {
                                packageName: string;
                                minVersionCode?: number;
                                maxVersionCode?: number;
                            }[];
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                        appConfig?: {
                            value: {
                                [key: string]: {
                                    [key: string]: string;
                                };
                            };
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                        screenTimeoutSec?: {
                            value: number;
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                        brightness?: {
                            value: number;
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                        volume?: {
                            value: number;
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                        timeZone?: {
                            value: string;
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                        wifiNetworks?: {
                            value: {
                                ssid: string;
                                /** @enum {string} */
                                security: "open" | "wpa2" | "wpa3";
                                password?: string;
                            }[];
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                        bluetooth?: {
                            value: boolean;
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                        usbDebugging?: {
                            value: boolean;
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                        usbFileTransfer?: {
                            value: boolean;
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                        locationReporting?: {
                            value: boolean;
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                        wallpaper?: {
                            value: string | null;
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                        bootAnimation?: {
                            value: string | null;
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                        maintenance?: {
                            value: {
                                restartHour: number | null;
                                updateWindow: {
                                    from: string;
                                    to: string;
                                } | null;
                                freezeDates: {
                                    from: string;
                                    to: string;
                                }[];
                                /** @enum {string} */
                                appUpdateMode: "immediately" | "window" | "notInSale";
                            };
                            /**
                             * @default major
                             * @enum {string}
                             */
                            severity?: "critical" | "major" | "minor" | "log";
                            /** @default false */
                            locked?: boolean;
                        };
                    };
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            version: number;
                            jobId: string | null;
                        };
                    };
                };
            };
        };
    };
    device_device_policy_assign: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    targets: {
                        /** @enum {string} */
                        kind: "account" | "group" | "terminal";
                        /** Format: uuid */
                        id: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            jobId: string;
                        };
                    };
                };
            };
        };
    };
    device_device_policy_compliance: {
        parameters: {
            query: {
                policyId: string;
                groupId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            counts: {
                                /** @enum {string} */
                                state: "verified" | "pending" | "failed" | "drift" | "unsupported";
                                /** @enum {string} */
                                severity: "critical" | "major" | "minor" | "log";
                                count: number;
                            }[];
                            terminals: number;
                            compliantTerminals: number;
                        };
                    };
                };
            };
        };
    };
    device_device_policy_converge: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    policyId: string;
                    terminalIds?: string[];
                    /** @default false */
                    allOrNothing?: boolean;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            terminals: number;
                            fields: number;
                        };
                    };
                };
            };
        };
    };
    device_device_policy_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    device_device_policy_drift: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            bySeverity: {
                                /** @enum {string} */
                                severity: "critical" | "major" | "minor" | "log";
                                terminals: number;
                            }[];
                            total: number;
                        };
                    };
                };
            };
        };
    };
    device_device_policy_export_get: {
        parameters: {
            query: {
                policyId: string;
                state?: "verified" | "pending" | "failed" | "drift" | "unsupported";
                severity?: "critical" | "major" | "minor" | "log";
                groupId?: string;
                sn?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    device_device_policy_export_post: {
        parameters: {
            query: {
                policyId: string;
                state?: "verified" | "pending" | "failed" | "drift" | "unsupported";
                severity?: "critical" | "major" | "minor" | "log";
                groupId?: string;
                sn?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    device_device_policy_fields: {
        parameters: {
            query: {
                current?: number;
                size?: number;
                policyId: string;
                state?: "verified" | "pending" | "failed" | "drift" | "unsupported";
                severity?: "critical" | "major" | "minor" | "log";
                groupId?: string;
                sn?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                sn: string;
                                terminalId: string;
                                /** @enum {string} */
                                field: "kioskApp" | "allowedApps" | "requiredApps" | "appConfig" | "screenTimeoutSec" | "brightness" | "volume" | "timeZone" | "wifiNetworks" | "bluetooth" | "usbDebugging" | "usbFileTransfer" | "locationReporting" | "wallpaper" | "bootAnimation" | "maintenance";
                                policyId: string;
                                policyName: string;
                                desired: unknown;
                                actual: unknown;
                                /** @enum {string} */
                                state: "verified" | "pending" | "failed" | "drift" | "unsupported";
                                /** @enum {string} */
                                severity: "critical" | "major" | "minor" | "log";
                                since: string;
                                reason: string | null;
                                message: string | null;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_device_policy_get: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            description: string | null;
                            version: number;
                            fieldCount: number;
                            lockedCount: number;
                            assignmentCount: number;
                            ownerId: string;
                            updatedByName: string;
                            updatedAt: string;
                            fields: {
                                kioskApp?: {
                                    value: string | null;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                allowedApps?: {
                                    value: string[];
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                requiredApps?: {
                                    value: {
                                        packageName: string;
                                        minVersionCode?: number;
                                        maxVersionCode?: number;
                                    }[];
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                appConfig?: {
                                    value: {
                                        [key: string]: {
                                            [key: string]: string;
                                        };
                                    };
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                screenTimeoutSec?: {
                                    value: number;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                brightness?: {
                                    value: number;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                volume?: {
                                    value: number;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                timeZone?: {
                                    value: string;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                wifiNetworks?: {
                                    value: {
                                        ssid: string;
                                        /** @enum {string} */
                                        security: "open" | "wpa2" | "wpa3";
                                        password?: string;
                                    }[];
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                bluetooth?: {
                                    value: boolean;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                usbDebugging?: {
                                    value: boolean;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                usbFileTransfer?: {
                                    value: boolean;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                locationReporting?: {
                                    value: boolean;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                wallpaper?: {
                                    value: string | null;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                bootAnimation?: {
                                    value: string | null;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                maintenance?: {
                                    value: {
                                        restartHour: number | null;
                                        updateWindow: {
                                            from: string;
                                            to: string;
                                        } | null;
                                        freezeDates: {
                                            from: string;
                                            to: string;
                                        }[];
                                        /** @enum {string} */
                                        appUpdateMode: "immediately" | "window" | "notInSale";
                                    };
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                            };
                            assignments: {
                                /** @enum {string} */
                                kind: "account" | "group" | "terminal";
                                /** Format: uuid */
                                id: string;
                                assignmentId: string;
                                name: string;
                                createdAt: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    device_device_policy_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                name: string;
                                description: string | null;
                                version: number;
                                fieldCount: number;
                                lockedCount: number;
                                assignmentCount: number;
                                ownerId: string;
                                updatedByName: string;
                                updatedAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_device_policy_terminalFields: {
        parameters: {
            query: {
                sn: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            sn: string;
                            terminalId: string;
                            /** @enum {string} */
                            field: "kioskApp" | "allowedApps" | "requiredApps" | "appConfig" | "screenTimeoutSec" | "brightness" | "volume" | "timeZone" | "wifiNetworks" | "bluetooth" | "usbDebugging" | "usbFileTransfer" | "locationReporting" | "wallpaper" | "bootAnimation" | "maintenance";
                            policyId: string;
                            policyName: string;
                            desired: unknown;
                            actual: unknown;
                            /** @enum {string} */
                            state: "verified" | "pending" | "failed" | "drift" | "unsupported";
                            /** @enum {string} */
                            severity: "critical" | "major" | "minor" | "log";
                            since: string;
                            reason: string | null;
                            message: string | null;
                        }[];
                    };
                };
            };
        };
    };
    device_device_policy_unassign: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    /** Format: uuid */
                    assignmentId: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            jobId: string;
                        };
                    };
                };
            };
        };
    };
    device_device_policy_versions: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            version: number;
                            name: string;
                            fields: {
                                kioskApp?: {
                                    value: string | null;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                allowedApps?: {
                                    value: string[];
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                requiredApps?: {
                                    value: {
                                        packageName: string;
                                        minVersionCode?: number;
                                        maxVersionCode?: number;
                                    }[];
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                appConfig?: {
                                    value: {
                                        [key: string]: {
                                            [key: string]: string;
                                        };
                                    };
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                screenTimeoutSec?: {
                                    value: number;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                brightness?: {
                                    value: number;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                volume?: {
                                    value: number;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                timeZone?: {
                                    value: string;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                wifiNetworks?: {
                                    value: {
                                        ssid: string;
                                        /** @enum {string} */
                                        security: "open" | "wpa2" | "wpa3";
                                        password?: string;
                                    }[];
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                bluetooth?: {
                                    value: boolean;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                usbDebugging?: {
                                    value: boolean;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                usbFileTransfer?: {
                                    value: boolean;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                locationReporting?: {
                                    value: boolean;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                wallpaper?: {
                                    value: string | null;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                bootAnimation?: {
                                    value: string | null;
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                                maintenance?: {
                                    value: {
                                        restartHour: number | null;
                                        updateWindow: {
                                            from: string;
                                            to: string;
                                        } | null;
                                        freezeDates: {
                                            from: string;
                                            to: string;
                                        }[];
                                        /** @enum {string} */
                                        appUpdateMode: "immediately" | "window" | "notInSale";
                                    };
                                    /**
                                     * @default major
                                     * @enum {string}
                                     */
                                    severity: "critical" | "major" | "minor" | "log";
                                    /** @default false */
                                    locked: boolean;
                                };
                            };
                            reason: string;
                            changedByName: string;
                            changedAt: string;
                        }[];
                    };
                };
            };
        };
    };
    device_device_terminal_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    sn: string;
                    name: string;
                    /**
                     * @default android
                     * @enum {string}
                     */
                    platform?: "android" | "linux" | "windows";
                    /** Format: uuid */
                    modelId: string;
                    /** Format: uuid */
                    groupId: string;
                    storeName: string;
                    mac: string;
                    password?: string;
                    /** @enum {string} */
                    status?: "warehoused" | "shipped" | "activated" | "loggedOff";
                    /** Format: uuid */
                    ownerId?: string;
                    /** Format: date */
                    productionDate?: string;
                    /** Format: date */
                    shippingDate?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            sn: string;
                            name: string;
                            platform: string;
                            modelId: string | null;
                            modelName: string | null;
                            ownerId: string;
                            ownerName: string | null;
                            groupId: string | null;
                            groupName: string | null;
                            storeName: string;
                            mac: string | null;
                            /** @enum {string} */
                            status: "warehoused" | "shipped" | "activated" | "loggedOff";
                            online: boolean;
                            lastSeenAt: string | null;
                            longOffline: boolean;
                            battery: number | null;
                            ip: string | null;
                            osVersion: string | null;
                            agentVersion: string | null;
                            activationDate: string | null;
                            createdAt: string;
                        };
                    };
                };
            };
        };
    };
    device_device_terminal_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sns: string[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            deleted: number;
                        };
                    };
                };
            };
        };
    };
    device_device_terminal_export_get: {
        parameters: {
            query?: {
                sn?: string;
                name?: string;
                status?: "warehoused" | "shipped" | "activated" | "loggedOff";
                online?: "true" | "false";
                modelId?: string;
                groupId?: string;
                storeName?: string;
                ownerId?: string;
                longOffline?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    device_device_terminal_export_post: {
        parameters: {
            query?: {
                sn?: string;
                name?: string;
                status?: "warehoused" | "shipped" | "activated" | "loggedOff";
                online?: "true" | "false";
                modelId?: string;
                groupId?: string;
                storeName?: string;
                ownerId?: string;
                longOffline?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    device_device_terminal_getBySn: {
        parameters: {
            query: {
                sn: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            sn: string;
                            name: string;
                            platform: string;
                            modelId: string | null;
                            modelName: string | null;
                            ownerId: string;
                            ownerName: string | null;
                            groupId: string | null;
                            groupName: string | null;
                            storeName: string;
                            mac: string | null;
                            /** @enum {string} */
                            status: "warehoused" | "shipped" | "activated" | "loggedOff";
                            online: boolean;
                            lastSeenAt: string | null;
                            longOffline: boolean;
                            battery: number | null;
                            ip: string | null;
                            osVersion: string | null;
                            agentVersion: string | null;
                            activationDate: string | null;
                            createdAt: string;
                            productionDate: string | null;
                            shippingDate: string | null;
                            hardware: {
                                [key: string]: unknown;
                            };
                            network: {
                                [key: string]: unknown;
                            };
                            metrics: {
                                [key: string]: unknown;
                            };
                            apps: {
                                [key: string]: unknown;
                            }[];
                            appNames: {
                                [key: string]: string;
                            };
                            peripherals: {
                                [key: string]: unknown;
                            }[];
                            firmwareVersion: string | null;
                            bootCount: number;
                            lastBootAt: string | null;
                            lastShutdownAt: string | null;
                            helloAt: string | null;
                            lat: number | null;
                            lng: number | null;
                            locatedAt: string | null;
                            enrolled: boolean;
                            favorite: boolean;
                            paymentLock: {
                                locked: boolean;
                                fence: string | null;
                                since: string;
                                confirmed: boolean;
                                confirmedAt: string | null;
                            } | null;
                        };
                    };
                };
            };
        };
    };
    device_device_terminal_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                sn?: string;
                name?: string;
                status?: "warehoused" | "shipped" | "activated" | "loggedOff";
                online?: "true" | "false";
                modelId?: string;
                groupId?: string;
                storeName?: string;
                ownerId?: string;
                longOffline?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                sn: string;
                                name: string;
                                platform: string;
                                modelId: string | null;
                                modelName: string | null;
                                ownerId: string;
                                ownerName: string | null;
                                groupId: string | null;
                                groupName: string | null;
                                storeName: string;
                                mac: string | null;
                                /** @enum {string} */
                                status: "warehoused" | "shipped" | "activated" | "loggedOff";
                                online: boolean;
                                lastSeenAt: string | null;
                                longOffline: boolean;
                                battery: number | null;
                                ip: string | null;
                                osVersion: string | null;
                                agentVersion: string | null;
                                activationDate: string | null;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                            totalCapped: boolean;
                        };
                    };
                };
            };
        };
    };
    device_device_terminal_groupOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            number: string;
                        }[];
                    };
                };
            };
        };
    };
    device_device_terminal_history: {
        parameters: {
            query: {
                sn: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            statuses: {
                                at: string;
                                kind: string;
                                detail: string | null;
                            }[];
                            locations: {
                                at: string;
                                lat: number;
                                lng: number;
                                accuracy: number | null;
                            }[];
                        };
                    };
                };
            };
        };
    };
    device_device_terminal_import: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            ok: boolean;
                            imported: number;
                            errors: {
                                row: number;
                                field: string;
                                message: string;
                                messageEn: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    device_device_terminal_logs: {
        parameters: {
            query: {
                sn: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            requestId: string;
                            at: string;
                            text: string;
                        }[];
                    };
                };
            };
        };
    };
    device_device_terminal_move: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sns: string[];
                    /** Format: uuid */
                    groupId: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            moved: number;
                        };
                    };
                };
            };
        };
    };
    device_device_terminal_ownerOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                        }[];
                    };
                };
            };
        };
    };
    device_device_terminal_requestLog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sn: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    device_device_terminal_rotateEnrollmentKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            enrollmentKey: string;
                        };
                    };
                };
            };
        };
    };
    device_device_terminal_template: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    device_device_warning_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                kind?: "longOffline" | "lowBattery" | "peripheralFault" | "fenceBreach" | "fenceReturn";
                handled?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                sn: string;
                                terminalName: string;
                                /** @enum {string} */
                                kind: "longOffline" | "lowBattery" | "peripheralFault" | "fenceBreach" | "fenceReturn";
                                detail: string | null;
                                at: string;
                                alerted: string[];
                                handled: boolean;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    device_device_warning_handle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            handled: number;
                        };
                    };
                };
            };
        };
    };
    file_file_blob_download: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    file_file_blob_sign: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    ttlSeconds?: number;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            url: string;
                            expiresAt: string;
                        };
                    };
                };
            };
        };
    };
    file_file_blob_signed: {
        parameters: {
            query: {
                id: string;
                expires: number;
                signature: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    file_file_blob_upload: {
        parameters: {
            query: {
                kind: "systemFile" | "wallpaper" | "supportMedia";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            /** @enum {string} */
                            kind: "excelImport" | "systemFile" | "wallpaper" | "bootFrame" | "bootAnimation" | "supportMedia" | "exportFile" | "capturedFile" | "remoteRecording" | "appPackage" | "windowsPackage" | "appIcon" | "appScreenshot";
                            name: string;
                            size: number;
                            mediaType: string;
                            sha256: string;
                            ownerId: string;
                            createdAt: string;
                        };
                    };
                };
            };
        };
    };
    file_file_bootAnimation_build: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    format: "png" | "jpeg";
                    width: number;
                    height: number;
                    fps: number;
                    description?: string | null;
                    frameIds: string[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            jobId: string;
                        };
                    };
                };
            };
        };
    };
    file_file_bootAnimation_delete: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    file_file_bootAnimation_frame: {
        parameters: {
            query: {
                id: string;
                index: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    file_file_bootAnimation_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
                format?: "png" | "jpeg";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                name: string;
                                /** @enum {string} */
                                format: "png" | "jpeg";
                                width: number;
                                height: number;
                                fps: number;
                                description: string | null;
                                parts: {
                                    folder: string;
                                    count: number;
                                    pause: number;
                                    frames: number;
                                }[];
                                frameCount: number;
                                blobId: string;
                                sha256: string;
                                size: number;
                                url: string;
                                ownerId: string;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    file_file_bootAnimation_uploadFrame: {
        parameters: {
            query: {
                format: "png" | "jpeg";
                width: number;
                height: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            size: number;
                            width: number;
                            height: number;
                        };
                    };
                };
            };
        };
    };
    file_file_bootAnimation_uploadZip: {
        parameters: {
            query: {
                name: string;
                description?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            format: "png" | "jpeg";
                            width: number;
                            height: number;
                            fps: number;
                            description: string | null;
                            parts: {
                                folder: string;
                                count: number;
                                pause: number;
                                frames: number;
                            }[];
                            frameCount: number;
                            blobId: string;
                            sha256: string;
                            size: number;
                            url: string;
                            ownerId: string;
                            createdAt: string;
                        };
                    };
                };
            };
        };
    };
    file_file_sysFile_delete_get: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    file_file_sysFile_delete_post: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    file_file_sysFile_detail: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            version: string;
                            /** @enum {string} */
                            type: "1" | "2";
                            size: number;
                            description: string;
                            sha256: string;
                            fileName: string;
                            mediaType: string;
                            models: string[];
                            osVersions: string[];
                            blobId: string;
                            ownerId: string;
                            createdAt: string;
                        };
                    };
                };
            };
        };
    };
    file_file_sysFile_download: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    file_file_sysFile_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
                version?: string;
                type?: ("1" | "2") | "";
                model?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                name: string;
                                version: string;
                                /** @enum {string} */
                                type: "1" | "2";
                                size: number;
                                description: string;
                                sha256: string;
                                fileName: string;
                                mediaType: string;
                                models: string[];
                                osVersions: string[];
                                blobId: string;
                                ownerId: string;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    file_file_sysFile_quota_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                username?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                ownerId: string;
                                usedBytes: number;
                                quotaBytes: number | null;
                                quotaDefault: boolean;
                                username: string;
                                companyName: string | null;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    file_file_sysFile_setQuota: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    ownerId: string;
                    quotaBytes: number | null;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            ownerId: string;
                            usedBytes: number;
                            quotaBytes: number | null;
                            quotaDefault: boolean;
                        };
                    };
                };
            };
        };
    };
    file_file_sysFile_upload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            version: string;
                            /** @enum {string} */
                            type: "1" | "2";
                            size: number;
                            description: string;
                            sha256: string;
                            fileName: string;
                            mediaType: string;
                            models: string[];
                            osVersions: string[];
                            blobId: string;
                            ownerId: string;
                            createdAt: string;
                        };
                    };
                };
            };
        };
    };
    file_file_sysFile_usage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            ownerId: string;
                            usedBytes: number;
                            quotaBytes: number | null;
                            quotaDefault: boolean;
                            manageQuotas: boolean;
                        };
                    };
                };
            };
        };
    };
    file_file_wallpaper_delete: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    file_file_wallpaper_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
                kind?: "image" | "video";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                name: string;
                                /** @enum {string} */
                                kind: "image" | "video";
                                mediaType: string;
                                width: number;
                                height: number;
                                size: number;
                                durationMs: number | null;
                                description: string | null;
                                blobId: string;
                                sha256: string;
                                url: string;
                                ownerId: string;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    file_file_wallpaper_upload: {
        parameters: {
            query?: {
                description?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            kind: "image" | "video";
                            mediaType: string;
                            width: number;
                            height: number;
                            size: number;
                            durationMs: number | null;
                            description: string | null;
                            blobId: string;
                            sha256: string;
                            url: string;
                            ownerId: string;
                            createdAt: string;
                        };
                    };
                };
            };
        };
    };
    healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            /** @enum {string} */
                            status: "ok" | "unavailable";
                            checks: {
                                [key: string]: "ok" | "down" | "off";
                            };
                            version: string;
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_login_captcha: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            captchaId: string;
                            image: string;
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_login_cpmDoLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                    captchaId: string;
                    captchaCode: string;
                    /** @default cpm */
                    sysCode?: string;
                    deviceToken?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            userVo: {
                                id: string;
                                name: string;
                                verify: number;
                                username: string;
                                language: string;
                            };
                            tokenValue: string;
                            deviceToken: string;
                            secondFactor?: {
                                /** @enum {string} */
                                step: "verify" | "enrol";
                                methods: ("totp" | "passkey")[];
                                pendingToken: string;
                                expiresAt: string;
                            };
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_login_doLogout: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    oauth_oauth_login_enrolConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pendingToken: string;
                    otp: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            userVo: {
                                id: string;
                                name: string;
                                verify: number;
                                username: string;
                                language: string;
                            };
                            tokenValue: string;
                            deviceToken: string;
                            secondFactor?: {
                                /** @enum {string} */
                                step: "verify" | "enrol";
                                methods: ("totp" | "passkey")[];
                                pendingToken: string;
                                expiresAt: string;
                            };
                            recoveryCodes: string[];
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_login_enrolPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pendingToken: string;
                    /** Format: uuid */
                    challengeId: string;
                    name: string;
                    credential: {
                        id: string;
                        rawId: string;
                        /** @constant */
                        type: "public-key";
                        response: {
                            clientDataJSON: string;
                            attestationObject?: string;
                            authenticatorData?: string;
                            transports?: string[];
                            publicKey?: string;
                            publicKeyAlgorithm?: number;
                            signature?: string;
                            userHandle?: string;
                        };
                        /** @default {} */
                        clientExtensionResults?: {
                            credProps?: {
                                rk?: boolean;
                            };
                        };
                        authenticatorAttachment?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            userVo: {
                                id: string;
                                name: string;
                                verify: number;
                                username: string;
                                language: string;
                            };
                            tokenValue: string;
                            deviceToken: string;
                            secondFactor?: {
                                /** @enum {string} */
                                step: "verify" | "enrol";
                                methods: ("totp" | "passkey")[];
                                pendingToken: string;
                                expiresAt: string;
                            };
                            recoveryCodes: string[];
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_login_enrolPasskey_options: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pendingToken: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            challengeId: string;
                            options: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_login_enrolStart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pendingToken: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            secret: string;
                            otpauthUri: string;
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_login_isLogin: {
        parameters: {
            query?: {
                sysCode?: string;
                userId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: boolean;
                    };
                };
            };
        };
    };
    oauth_oauth_login_passkey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pendingToken?: string;
                    /** Format: uuid */
                    challengeId: string;
                    credential: {
                        id: string;
                        rawId: string;
                        /** @constant */
                        type: "public-key";
                        response: {
                            clientDataJSON: string;
                            attestationObject?: string;
                            authenticatorData?: string;
                            transports?: string[];
                            publicKey?: string;
                            publicKeyAlgorithm?: number;
                            signature?: string;
                            userHandle?: string;
                        };
                        /** @default {} */
                        clientExtensionResults?: {
                            credProps?: {
                                rk?: boolean;
                            };
                        };
                        authenticatorAttachment?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            userVo: {
                                id: string;
                                name: string;
                                verify: number;
                                username: string;
                                language: string;
                            };
                            tokenValue: string;
                            deviceToken: string;
                            secondFactor?: {
                                /** @enum {string} */
                                step: "verify" | "enrol";
                                methods: ("totp" | "passkey")[];
                                pendingToken: string;
                                expiresAt: string;
                            };
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_login_passkey_options: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pendingToken?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            challengeId: string;
                            options: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_login_secondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pendingToken: string;
                    otp?: string;
                    recoveryCode?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            userVo: {
                                id: string;
                                name: string;
                                verify: number;
                                username: string;
                                language: string;
                            };
                            tokenValue: string;
                            deviceToken: string;
                            secondFactor?: {
                                /** @enum {string} */
                                step: "verify" | "enrol";
                                methods: ("totp" | "passkey")[];
                                pendingToken: string;
                                expiresAt: string;
                            };
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_login_stepUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            freshUntil: string | null;
                            methods: ("totp" | "passkey")[];
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_login_stepUp_code: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    otp?: string;
                    recoveryCode?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            freshUntil: string | null;
                            methods: ("totp" | "passkey")[];
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_login_stepUp_passkey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    challengeId: string;
                    credential: {
                        id: string;
                        rawId: string;
                        /** @constant */
                        type: "public-key";
                        response: {
                            clientDataJSON: string;
                            attestationObject?: string;
                            authenticatorData?: string;
                            transports?: string[];
                            publicKey?: string;
                            publicKeyAlgorithm?: number;
                            signature?: string;
                            userHandle?: string;
                        };
                        /** @default {} */
                        clientExtensionResults?: {
                            credProps?: {
                                rk?: boolean;
                            };
                        };
                        authenticatorAttachment?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            freshUntil: string | null;
                            methods: ("totp" | "passkey")[];
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_login_stepUp_passkey_options: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            challengeId: string;
                            options: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_registry_activate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            username: string;
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_registry_changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                    confirempsd: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    oauth_oauth_registry_getEmailCaptcha: {
        parameters: {
            query: {
                email: string;
                isEnglish?: number;
                name: string;
                sysCode?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    oauth_oauth_registry_publicKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            publicKey: string;
                            /** @constant */
                            algorithm: "RSA-OAEP-256";
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_registry_register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    /** Format: email */
                    email: string;
                    password: string;
                    confirmPassword: string;
                    /** @default 0 */
                    isEnglish?: number;
                    /** @default cpm */
                    sysCode?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    oauth_oauth_registry_updateNewPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** Format: email */
                    email: string;
                    emailCaptcha: string;
                    newPassword: string;
                    confirempsd: string;
                    /** @default cpm */
                    sysCode?: string;
                    /** @default 0 */
                    isEnglish?: number;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    oauth_oauth_sessions_end: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    oauth_oauth_sessions_mine: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            userAgent: string | null;
                            ip: string | null;
                            createdAt: string;
                            lastSeenAt: string;
                            current: boolean;
                        }[];
                    };
                };
            };
        };
    };
    oauth_oauth_sso_discover: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    query: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            providerId: string;
                            displayName: string;
                        } | null;
                    };
                };
            };
        };
    };
    oauth_oauth_sso_finish: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    flowToken: string;
                    callbackQuery: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            userVo: {
                                id: string;
                                name: string;
                                verify: number;
                                username: string;
                                language: string;
                            };
                            tokenValue: string;
                            deviceToken: string;
                            secondFactor?: {
                                /** @enum {string} */
                                step: "verify" | "enrol";
                                methods: ("totp" | "passkey")[];
                                pendingToken: string;
                                expiresAt: string;
                            };
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_sso_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            endSessionUrl: string | null;
                        };
                    };
                };
            };
        };
    };
    oauth_oauth_sso_start: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    providerId: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            authorizationUrl: string;
                            flowToken: string;
                        };
                    };
                };
            };
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            /** @enum {string} */
                            status: "ok" | "unavailable";
                            checks: {
                                [key: string]: "ok" | "down" | "off";
                            };
                            version: string;
                        };
                    };
                };
            };
        };
    };
    remote_command_detail: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            /** @enum {string} */
                            op: "reboot" | "screenshot" | "upload_logs" | "clear_cache" | "clear_data" | "stop_app" | "launch_app" | "lock_screen" | "unlock_screen" | "device_props" | "ping" | "dns" | "sync_time" | "shell";
                            spec: {
                                [key: string]: unknown;
                            };
                            summary: string;
                            taskId: string;
                            /** @enum {string} */
                            taskStatus: "pendingApproval" | "rejected" | "creating" | "normal" | "paused" | "complete" | "overdue" | "stopped" | "failed";
                            sns: string[];
                            counts: {
                                total: number;
                                open: number;
                                success: number;
                                failure: number;
                                ended: number;
                            };
                            createdBy: string;
                            createdByName: string;
                            createdAt: string;
                            expireAt: string;
                            results: {
                                sn: string;
                                terminalName: string;
                                online: boolean;
                                /** @enum {string} */
                                state: "waiting" | "pulled" | "executed" | "success" | "failure" | "expired" | "cancelled";
                                deferReason: ("inTransaction" | "unsettled" | "lowBattery" | "notCharging" | "outsideWindow") | null;
                                message: string | null;
                                failure: {
                                    zh: string;
                                    en: string;
                                } | null;
                                output: string;
                                files: {
                                    id: string;
                                    sn: string;
                                    /** @enum {string} */
                                    kind: "screenshot" | "log";
                                    blobId: string;
                                    name: string;
                                    size: number;
                                    mediaType: string;
                                    commandId: string | null;
                                    createdAt: string;
                                }[];
                                updatedAt: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    remote_command_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                op?: "reboot" | "screenshot" | "upload_logs" | "clear_cache" | "clear_data" | "stop_app" | "launch_app" | "lock_screen" | "unlock_screen" | "device_props" | "ping" | "dns" | "sync_time" | "shell";
                sn?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                /** @enum {string} */
                                op: "reboot" | "screenshot" | "upload_logs" | "clear_cache" | "clear_data" | "stop_app" | "launch_app" | "lock_screen" | "unlock_screen" | "device_props" | "ping" | "dns" | "sync_time" | "shell";
                                spec: {
                                    [key: string]: unknown;
                                };
                                summary: string;
                                taskId: string;
                                /** @enum {string} */
                                taskStatus: "pendingApproval" | "rejected" | "creating" | "normal" | "paused" | "complete" | "overdue" | "stopped" | "failed";
                                sns: string[];
                                counts: {
                                    total: number;
                                    open: number;
                                    success: number;
                                    failure: number;
                                    ended: number;
                                };
                                createdBy: string;
                                createdByName: string;
                                createdAt: string;
                                expireAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    remote_command_run: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sns: string[];
                    command: ({
                        /** @constant */
                        op: "reboot";
                    } | {
                        /** @constant */
                        op: "screenshot";
                    } | {
                        /** @constant */
                        op: "upload_logs";
                        /** Format: date-time */
                        from: string;
                        /** Format: date-time */
                        to: string;
                    } | {
                        /** @constant */
                        op: "clear_cache";
                        packageName: string;
                    } | {
                        /** @constant */
                        op: "clear_data";
                        packageName: string;
                    } | {
                        /** @constant */
                        op: "stop_app";
                        packageName: string;
                    } | {
                        /** @constant */
                        op: "launch_app";
                        packageName: string;
                    } | {
                        /** @constant */
                        op: "lock_screen";
                    } | {
                        /** @constant */
                        op: "unlock_screen";
                    } | {
                        /** @constant */
                        op: "device_props";
                    } | {
                        /** @constant */
                        op: "ping";
                        host: string;
                        /** @default 4 */
                        count?: number;
                    } | {
                        /** @constant */
                        op: "dns";
                        host: string;
                    } | {
                        /** @constant */
                        op: "sync_time";
                    }) | {
                        /** @constant */
                        op: "shell";
                        command: string;
                    };
                    password?: string;
                    /** @default false */
                    queueOffline?: boolean;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            /** @enum {string} */
                            op: "reboot" | "screenshot" | "upload_logs" | "clear_cache" | "clear_data" | "stop_app" | "launch_app" | "lock_screen" | "unlock_screen" | "device_props" | "ping" | "dns" | "sync_time" | "shell";
                            spec: {
                                [key: string]: unknown;
                            };
                            summary: string;
                            taskId: string;
                            /** @enum {string} */
                            taskStatus: "pendingApproval" | "rejected" | "creating" | "normal" | "paused" | "complete" | "overdue" | "stopped" | "failed";
                            sns: string[];
                            counts: {
                                total: number;
                                open: number;
                                success: number;
                                failure: number;
                                ended: number;
                            };
                            createdBy: string;
                            createdByName: string;
                            createdAt: string;
                            expireAt: string;
                        };
                    };
                };
            };
        };
    };
    remote_command_template_add: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    command: ({
                        /** @constant */
                        op: "reboot";
                    } | {
                        /** @constant */
                        op: "screenshot";
                    } | {
                        /** @constant */
                        op: "upload_logs";
                        /** Format: date-time */
                        from: string;
                        /** Format: date-time */
                        to: string;
                    } | {
                        /** @constant */
                        op: "clear_cache";
                        packageName: string;
                    } | {
                        /** @constant */
                        op: "clear_data";
                        packageName: string;
                    } | {
                        /** @constant */
                        op: "stop_app";
                        packageName: string;
                    } | {
                        /** @constant */
                        op: "launch_app";
                        packageName: string;
                    } | {
                        /** @constant */
                        op: "lock_screen";
                    } | {
                        /** @constant */
                        op: "unlock_screen";
                    } | {
                        /** @constant */
                        op: "device_props";
                    } | {
                        /** @constant */
                        op: "ping";
                        host: string;
                        /** @default 4 */
                        count?: number;
                    } | {
                        /** @constant */
                        op: "dns";
                        host: string;
                    } | {
                        /** @constant */
                        op: "sync_time";
                    }) | {
                        /** @constant */
                        op: "shell";
                        command: string;
                    };
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            command: {
                                [key: string]: unknown;
                            };
                            createdByName: string;
                            createdAt: string;
                        };
                    };
                };
            };
        };
    };
    remote_command_template_delete: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    remote_command_template_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            command: {
                                [key: string]: unknown;
                            };
                            createdByName: string;
                            createdAt: string;
                        }[];
                    };
                };
            };
        };
    };
    remote_command_terminal_config: {
        parameters: {
            query: {
                sn: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            sn: string;
                            reportedAt: string;
                            properties: {
                                key: string;
                                value: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    remote_command_terminal_files: {
        parameters: {
            query: {
                sn: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            sn: string;
                            /** @enum {string} */
                            kind: "screenshot" | "log";
                            blobId: string;
                            name: string;
                            size: number;
                            mediaType: string;
                            commandId: string | null;
                            createdAt: string;
                        }[];
                    };
                };
            };
        };
    };
    remote_remote_policy_getList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            groupId: string;
                            groupName: string;
                            parentId: string | null;
                            policy: ("ask" | "auto" | "deny") | null;
                            /** @enum {string} */
                            effective: "ask" | "auto" | "deny";
                        }[];
                    };
                };
            };
        };
    };
    remote_remote_policy_save: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    groupId: string;
                    /** @enum {string} */
                    policy: "ask" | "auto" | "deny" | "inherit";
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    remote_remote_recording_download: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    remote_remote_session_close: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    sessionId: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    remote_remote_session_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                sn?: string;
                status?: ("live" | "ended") | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                sn: string;
                                terminalName: string;
                                openedBy: string;
                                controller: string | null;
                                participants: {
                                    name: string;
                                    /** @enum {string} */
                                    role: "controller" | "observer";
                                }[];
                                /** @enum {string} */
                                state: "waiting" | "asking" | "active" | "ended";
                                endReason: ("closed" | "idle" | "refused" | "consentTimeout" | "terminalTimeout" | "terminalLeft" | "lost") | null;
                                /** @enum {string} */
                                consent: "ask" | "auto" | "deny";
                                openedAt: string;
                                startedAt: string | null;
                                endedAt: string | null;
                                durationSec: number;
                                recording: {
                                    bytes: number;
                                    frames: number;
                                    inputs: number;
                                } | null;
                                recordingExpired: boolean;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    remote_remote_session_open: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sn: string;
                    /** @enum {string} */
                    mode: "control" | "view";
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            sessionId: string;
                            sn: string;
                            /** @enum {string} */
                            role: "controller" | "observer";
                            token: string;
                            relay: {
                                port: number | null;
                                path: string;
                                url: string | null;
                            };
                            /** @enum {string} */
                            state: "waiting" | "asking" | "active" | "ended";
                            settings: {
                                quality: number;
                                fps: number;
                            };
                            idleMinutes: number;
                        };
                    };
                };
            };
        };
    };
    remote_remote_session_token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    sessionId: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            sessionId: string;
                            sn: string;
                            /** @enum {string} */
                            role: "controller" | "observer";
                            token: string;
                            relay: {
                                port: number | null;
                                path: string;
                                url: string | null;
                            };
                            /** @enum {string} */
                            state: "waiting" | "asking" | "active" | "ended";
                            settings: {
                                quality: number;
                                fps: number;
                            };
                            idleMinutes: number;
                        };
                    };
                };
            };
        };
    };
    support_support_healthRule_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    peripheralType: string;
                    threshold: number;
                    windowMinutes: number;
                    /** @enum {string} */
                    action: "order" | "inspection";
                    faultType: string;
                    /**
                     * @default normal
                     * @enum {string}
                     */
                    priority?: "low" | "normal" | "high" | "urgent";
                    /** @default true */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            peripheralType: string;
                            threshold: number;
                            windowMinutes: number;
                            /** @enum {string} */
                            action: "order" | "inspection";
                            faultType: string;
                            /** @enum {string} */
                            priority: "low" | "normal" | "high" | "urgent";
                            enabled: boolean;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
    };
    support_support_healthRule_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            deleted: number;
                        };
                    };
                };
            };
        };
    };
    support_support_healthRule_getList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            peripheralType: string;
                            threshold: number;
                            windowMinutes: number;
                            /** @enum {string} */
                            action: "order" | "inspection";
                            faultType: string;
                            /** @enum {string} */
                            priority: "low" | "normal" | "high" | "urgent";
                            enabled: boolean;
                            updatedAt: string;
                        }[];
                    };
                };
            };
        };
    };
    support_support_inspectionProcess_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    name: string;
                    /** @default  */
                    description?: string;
                    standards: {
                        name: string;
                        items: {
                            key: string;
                            content: string;
                            /** @enum {string} */
                            kind: "passFail" | "value";
                            min?: number | null;
                            max?: number | null;
                            unit?: string | null;
                            /** @default false */
                            photoRequired?: boolean;
                        }[];
                    }[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            version: number;
                            versionId: string;
                        };
                    };
                };
            };
        };
    };
    support_support_inspectionProcess_getById: {
        parameters: {
            query: {
                id: string;
                versionId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            description: string;
                            /** @enum {string} */
                            status: "draft" | "active" | "inactive" | "deleted";
                            version: number;
                            versionId: string;
                            standardCount: number;
                            itemCount: number;
                            ownerId: string;
                            createdAt: string;
                            updatedAt: string;
                            standards: {
                                name: string;
                                items: {
                                    key: string;
                                    content: string;
                                    /** @enum {string} */
                                    kind: "passFail" | "value";
                                    min?: number | null;
                                    max?: number | null;
                                    unit?: string | null;
                                    /** @default false */
                                    photoRequired: boolean;
                                }[];
                            }[];
                            actions: ("publish" | "disable" | "enable" | "delete")[];
                            versions: {
                                id: string;
                                version: number;
                                createdAt: string;
                            }[];
                            history: {
                                kind: string;
                                fromStatus: ("draft" | "active" | "inactive" | "deleted") | null;
                                toStatus: ("draft" | "active" | "inactive" | "deleted") | null;
                                version: number;
                                actorName: string;
                                at: string;
                            }[];
                            recordCount: number;
                        };
                    };
                };
            };
        };
    };
    support_support_inspectionProcess_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
                status?: "draft" | "active" | "inactive" | "deleted";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                name: string;
                                description: string;
                                /** @enum {string} */
                                status: "draft" | "active" | "inactive" | "deleted";
                                version: number;
                                versionId: string;
                                standardCount: number;
                                itemCount: number;
                                ownerId: string;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    support_support_inspectionProcess_transition: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    /** @enum {string} */
                    action: "publish" | "disable" | "enable" | "delete";
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            description: string;
                            /** @enum {string} */
                            status: "draft" | "active" | "inactive" | "deleted";
                            version: number;
                            versionId: string;
                            standardCount: number;
                            itemCount: number;
                            ownerId: string;
                            createdAt: string;
                            updatedAt: string;
                            standards: {
                                name: string;
                                items: {
                                    key: string;
                                    content: string;
                                    /** @enum {string} */
                                    kind: "passFail" | "value";
                                    min?: number | null;
                                    max?: number | null;
                                    unit?: string | null;
                                    /** @default false */
                                    photoRequired: boolean;
                                }[];
                            }[];
                            actions: ("publish" | "disable" | "enable" | "delete")[];
                            versions: {
                                id: string;
                                version: number;
                                createdAt: string;
                            }[];
                            history: {
                                kind: string;
                                fromStatus: ("draft" | "active" | "inactive" | "deleted") | null;
                                toStatus: ("draft" | "active" | "inactive" | "deleted") | null;
                                version: number;
                                actorName: string;
                                at: string;
                            }[];
                            recordCount: number;
                        };
                    };
                };
            };
        };
    };
    support_support_inspectionProposal_dismiss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            dismissed: number;
                        };
                    };
                };
            };
        };
    };
    support_support_inspectionProposal_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                status?: "open" | "done" | "dismissed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                sn: string;
                                storeName: string;
                                peripheralType: string;
                                peripheralName: string;
                                faultCount: number;
                                /** @enum {string} */
                                status: "open" | "done" | "dismissed";
                                recordId: string | null;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    support_support_inspectionRecord_add: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    processId: string;
                    storeName: string;
                    contact: string;
                    phone: string;
                    address: string;
                    /** Format: date-time */
                    visitedAt: string;
                    lat?: number | null;
                    lng?: number | null;
                    results: {
                        key: string;
                        passed?: boolean | null;
                        value?: number | null;
                        note?: string | null;
                        /** @default [] */
                        photoIds?: string[];
                    }[];
                    /** Format: uuid */
                    proposalId?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            failedCount: number;
                        };
                    };
                };
            };
        };
    };
    support_support_inspectionRecord_export_get: {
        parameters: {
            query?: {
                keyword?: string;
                processId?: string;
                failed?: "1";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    support_support_inspectionRecord_export_post: {
        parameters: {
            query?: {
                keyword?: string;
                processId?: string;
                failed?: "1";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    support_support_inspectionRecord_getById: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            processId: string;
                            processName: string;
                            version: number;
                            storeName: string;
                            contact: string;
                            phone: string;
                            address: string;
                            inspectorName: string;
                            visitedAt: string;
                            lat: number | null;
                            lng: number | null;
                            failedCount: number;
                            itemCount: number;
                            createdAt: string;
                            results: {
                                key: string;
                                passed?: boolean | null;
                                value?: number | null;
                                note?: string | null;
                                /** @default [] */
                                photoIds: string[];
                                standard: string;
                                content: string;
                                /** @enum {string} */
                                kind: "passFail" | "value";
                                min?: number | null;
                                max?: number | null;
                                unit?: string | null;
                                ok: boolean;
                            }[];
                            orders: {
                                key: string;
                                orderId: string;
                                number: string;
                            }[];
                            photoUrls: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    support_support_inspectionRecord_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                keyword?: string;
                processId?: string;
                failed?: "1";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                processId: string;
                                processName: string;
                                version: number;
                                storeName: string;
                                contact: string;
                                phone: string;
                                address: string;
                                inspectorName: string;
                                visitedAt: string;
                                lat: number | null;
                                lng: number | null;
                                failedCount: number;
                                itemCount: number;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    support_support_inspectionRecord_openOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    key: string;
                    faultType: string;
                    requestKey?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            orderId: string;
                            number: string;
                        };
                    };
                };
            };
        };
    };
    support_support_order_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sn?: string;
                    modelName?: string;
                    enterpriseName?: string;
                    storeName?: string;
                    contact: string;
                    phone: string;
                    faultType: string;
                    description: string;
                    /**
                     * @default normal
                     * @enum {string}
                     */
                    priority?: "low" | "normal" | "high" | "urgent";
                    /** @default [] */
                    mediaIds?: string[];
                    /** Format: uuid */
                    assigneeId?: string;
                    /** Format: date-time */
                    dueAt?: string;
                    requestKey?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            number: string;
                        };
                    };
                };
            };
        };
    };
    support_support_order_assign: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    assigneeId: string | null;
                    dueAt?: string | null;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            number: string;
                            sn: string | null;
                            modelName: string;
                            enterpriseName: string;
                            storeName: string;
                            contact: string;
                            phone: string;
                            faultType: string;
                            description: string;
                            /** @enum {string} */
                            priority: "low" | "normal" | "high" | "urgent";
                            /** @enum {string} */
                            status: "draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected";
                            assigneeId: string | null;
                            assigneeName: string | null;
                            dueAt: string | null;
                            overdue: boolean;
                            rejectReason: string | null;
                            /** @enum {string} */
                            source: "manual" | "health" | "inspection";
                            recordId: string | null;
                            ownerId: string;
                            createdBy: string | null;
                            createdAt: string;
                            updatedAt: string;
                            media: {
                                id: string;
                                name: string;
                                mediaType: string;
                                size: number;
                                url: string;
                            }[];
                            history: {
                                id: string;
                                kind: string;
                                fromStatus: ("draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected") | null;
                                toStatus: ("draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected") | null;
                                note: string | null;
                                actorName: string;
                                at: string;
                            }[];
                            faults: {
                                id: string;
                                kind: string;
                                peripheralType: string;
                                peripheralName: string;
                                detail: string | null;
                                at: string;
                            }[];
                            actions: ("submit" | "accept" | "repair" | "return" | "close" | "reject")[];
                            canAssign: boolean;
                        };
                    };
                };
            };
        };
    };
    support_support_order_assignees: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            username: string;
                        }[];
                    };
                };
            };
        };
    };
    support_support_order_comment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    text: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            kind: string;
                            fromStatus: ("draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected") | null;
                            toStatus: ("draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected") | null;
                            note: string | null;
                            actorName: string;
                            at: string;
                        };
                    };
                };
            };
        };
    };
    support_support_order_export_get: {
        parameters: {
            query?: {
                keyword?: string;
                status?: "draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected";
                faultType?: string;
                priority?: "low" | "normal" | "high" | "urgent";
                overdue?: "1";
                source?: "manual" | "health" | "inspection";
                mine?: "1";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    support_support_order_export_post: {
        parameters: {
            query?: {
                keyword?: string;
                status?: "draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected";
                faultType?: string;
                priority?: "low" | "normal" | "high" | "urgent";
                overdue?: "1";
                source?: "manual" | "health" | "inspection";
                mine?: "1";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    support_support_order_getById: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            number: string;
                            sn: string | null;
                            modelName: string;
                            enterpriseName: string;
                            storeName: string;
                            contact: string;
                            phone: string;
                            faultType: string;
                            description: string;
                            /** @enum {string} */
                            priority: "low" | "normal" | "high" | "urgent";
                            /** @enum {string} */
                            status: "draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected";
                            assigneeId: string | null;
                            assigneeName: string | null;
                            dueAt: string | null;
                            overdue: boolean;
                            rejectReason: string | null;
                            /** @enum {string} */
                            source: "manual" | "health" | "inspection";
                            recordId: string | null;
                            ownerId: string;
                            createdBy: string | null;
                            createdAt: string;
                            updatedAt: string;
                            media: {
                                id: string;
                                name: string;
                                mediaType: string;
                                size: number;
                                url: string;
                            }[];
                            history: {
                                id: string;
                                kind: string;
                                fromStatus: ("draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected") | null;
                                toStatus: ("draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected") | null;
                                note: string | null;
                                actorName: string;
                                at: string;
                            }[];
                            faults: {
                                id: string;
                                kind: string;
                                peripheralType: string;
                                peripheralName: string;
                                detail: string | null;
                                at: string;
                            }[];
                            actions: ("submit" | "accept" | "repair" | "return" | "close" | "reject")[];
                            canAssign: boolean;
                        };
                    };
                };
            };
        };
    };
    support_support_order_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                keyword?: string;
                status?: "draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected";
                faultType?: string;
                priority?: "low" | "normal" | "high" | "urgent";
                overdue?: "1";
                source?: "manual" | "health" | "inspection";
                mine?: "1";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                number: string;
                                sn: string | null;
                                modelName: string;
                                enterpriseName: string;
                                storeName: string;
                                contact: string;
                                phone: string;
                                faultType: string;
                                description: string;
                                /** @enum {string} */
                                priority: "low" | "normal" | "high" | "urgent";
                                /** @enum {string} */
                                status: "draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected";
                                assigneeId: string | null;
                                assigneeName: string | null;
                                dueAt: string | null;
                                overdue: boolean;
                                rejectReason: string | null;
                                /** @enum {string} */
                                source: "manual" | "health" | "inspection";
                                recordId: string | null;
                                ownerId: string;
                                createdBy: string | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    support_support_order_terminal: {
        parameters: {
            query: {
                sn: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            sn: string;
                            modelName: string;
                            enterpriseName: string;
                            storeName: string;
                        };
                    };
                };
            };
        };
    };
    support_support_order_transition: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    /** @enum {string} */
                    action: "submit" | "accept" | "repair" | "return" | "close" | "reject";
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            number: string;
                            sn: string | null;
                            modelName: string;
                            enterpriseName: string;
                            storeName: string;
                            contact: string;
                            phone: string;
                            faultType: string;
                            description: string;
                            /** @enum {string} */
                            priority: "low" | "normal" | "high" | "urgent";
                            /** @enum {string} */
                            status: "draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected";
                            assigneeId: string | null;
                            assigneeName: string | null;
                            dueAt: string | null;
                            overdue: boolean;
                            rejectReason: string | null;
                            /** @enum {string} */
                            source: "manual" | "health" | "inspection";
                            recordId: string | null;
                            ownerId: string;
                            createdBy: string | null;
                            createdAt: string;
                            updatedAt: string;
                            media: {
                                id: string;
                                name: string;
                                mediaType: string;
                                size: number;
                                url: string;
                            }[];
                            history: {
                                id: string;
                                kind: string;
                                fromStatus: ("draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected") | null;
                                toStatus: ("draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected") | null;
                                note: string | null;
                                actorName: string;
                                at: string;
                            }[];
                            faults: {
                                id: string;
                                kind: string;
                                peripheralType: string;
                                peripheralName: string;
                                detail: string | null;
                                at: string;
                            }[];
                            actions: ("submit" | "accept" | "repair" | "return" | "close" | "reject")[];
                            canAssign: boolean;
                        };
                    };
                };
            };
        };
    };
    task_task_remoteTask_approve: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            nameText: {
                                /** @enum {string} */
                                key: "command" | "appInstall" | "permission" | "appUninstall";
                                params: {
                                    [key: string]: string | number;
                                };
                            } | null;
                            /** @enum {string} */
                            type: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                            /** @enum {string} */
                            platform: "android" | "windows" | "linux";
                            /** @enum {string} */
                            status: "pendingApproval" | "rejected" | "creating" | "normal" | "paused" | "complete" | "overdue" | "stopped" | "failed";
                            statusReason: string | null;
                            statusReasonEn: string | null;
                            summary: string;
                            /** @enum {string} */
                            scheduleKind: "once" | "interval" | "daily" | "cron";
                            startAt: string;
                            expireAt: string;
                            runCount: number;
                            counts: {
                                total: number;
                                waiting: number;
                                pulled: number;
                                executed: number;
                                success: number;
                                failure: number;
                                expired: number;
                                cancelled: number;
                                held: number;
                                deferred: {
                                    [key: string]: number;
                                };
                            };
                            approvalRequired: boolean;
                            wave: {
                                released: number;
                                total: number;
                            } | null;
                            ownerId: string;
                            createdBy: string;
                            createdByName: string;
                            createdAt: string;
                        };
                    };
                };
            };
        };
    };
    task_task_remoteTask_byTerminal: {
        parameters: {
            query: {
                current?: number;
                size?: number;
                sn: string;
                state?: "waiting" | "pulled" | "executed" | "success" | "failure" | "expired" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                deliveryId: string;
                                taskId: string;
                                taskName: string;
                                taskNameText: {
                                    /** @enum {string} */
                                    key: "command" | "appInstall" | "permission" | "appUninstall";
                                    params: {
                                        [key: string]: string | number;
                                    };
                                } | null;
                                /** @enum {string} */
                                type: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                                /** @enum {string} */
                                taskStatus: "pendingApproval" | "rejected" | "creating" | "normal" | "paused" | "complete" | "overdue" | "stopped" | "failed";
                                runSeq: number;
                                /** @enum {string} */
                                state: "waiting" | "pulled" | "executed" | "success" | "failure" | "expired" | "cancelled";
                                held: boolean;
                                deferReason: ("inTransaction" | "unsettled" | "lowBattery" | "notCharging" | "outsideWindow") | null;
                                message: string | null;
                                attempt: number;
                                expireAt: string;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    task_task_remoteTask_copy: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            name: string;
                            nameText: {
                                /** @enum {string} */
                                key: "command" | "appInstall" | "permission" | "appUninstall";
                                params: {
                                    [key: string]: string | number;
                                };
                            } | null;
                            /** @enum {string} */
                            platform: "android" | "windows" | "linux";
                            /** @enum {string} */
                            type: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                            params: {
                                [key: string]: unknown;
                            };
                            targets: {
                                /** @default [] */
                                sns: unknown[];
                                /** @default [] */
                                groupIds: string[];
                                /** @default [] */
                                modelIds: string[];
                                /** @default [] */
                                ownerIds: string[];
                                /** Format: uuid */
                                whitelistId?: string;
                            };
                            schedule: {
                                /** @constant */
                                kind: "once";
                            } | {
                                /** @constant */
                                kind: "interval";
                                everyMinutes: number;
                                windowMinutes?: number;
                            } | {
                                /** @constant */
                                kind: "daily";
                                at: string;
                                windowMinutes: number;
                            } | {
                                /** @constant */
                                kind: "cron";
                                expr: string;
                                windowMinutes: number;
                            };
                            conditions: {
                                /** @default false */
                                idle: boolean;
                                /** @default false */
                                settled: boolean;
                                minBattery?: number;
                                /** @default false */
                                charging: boolean;
                                window?: {
                                    from: string;
                                    to: string;
                                };
                            };
                            rollout: {
                                waves: number[];
                                /** @default 10 */
                                maxFailurePercent: number;
                                /** @default 60 */
                                waveMinutes: number;
                            } | null;
                        };
                    };
                };
            };
        };
    };
    task_task_remoteTask_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    platform: "android" | "windows" | "linux";
                    /** @enum {string} */
                    type: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                    /** @default {} */
                    params?: {
                        [key: string]: unknown;
                    };
                    targets: {
                        sns?: string[];
                        /** @default [] */
                        groupIds?: string[];
                        /** @default [] */
                        modelIds?: string[];
                        /** @default [] */
                        ownerIds?: string[];
                        /** Format: uuid */
                        whitelistId?: string;
                    };
                    timing: {
                        /** Format: date-time */
                        startAt?: string;
                        /** Format: date-time */
                        expireAt: string;
                        /**
                         * @default {
                         *       "kind": "once"
                         *     }
                         */
                        schedule?: {
                            /** @constant */
                            kind: "once";
                        } | {
                            /** @constant */
                            kind: "interval";
                            everyMinutes: number;
                            windowMinutes?: number;
                        } | {
                            /** @constant */
                            kind: "daily";
                            at: string;
                            windowMinutes: number;
                        } | {
                            /** @constant */
                            kind: "cron";
                            expr: string;
                            windowMinutes: number;
                        };
                    };
                    /**
                     * @default {
                     *       "idle": false,
                     *       "settled": false,
                     *       "charging": false
                     *     }
                     */
                    conditions?: {
                        /** @default false */
                        idle?: boolean;
                        /** @default false */
                        settled?: boolean;
                        minBattery?: number;
                        /** @default false */
                        charging?: boolean;
                        window?: {
                            from: string;
                            to: string;
                        };
                    };
                    rollout?: {
                        waves: number[];
                        /** @default 10 */
                        maxFailurePercent?: number;
                        /** @default 60 */
                        waveMinutes?: number;
                    };
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            nameText: {
                                /** @enum {string} */
                                key: "command" | "appInstall" | "permission" | "appUninstall";
                                params: {
                                    [key: string]: string | number;
                                };
                            } | null;
                            /** @enum {string} */
                            type: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                            /** @enum {string} */
                            platform: "android" | "windows" | "linux";
                            /** @enum {string} */
                            status: "pendingApproval" | "rejected" | "creating" | "normal" | "paused" | "complete" | "overdue" | "stopped" | "failed";
                            statusReason: string | null;
                            statusReasonEn: string | null;
                            summary: string;
                            /** @enum {string} */
                            scheduleKind: "once" | "interval" | "daily" | "cron";
                            startAt: string;
                            expireAt: string;
                            runCount: number;
                            counts: {
                                total: number;
                                waiting: number;
                                pulled: number;
                                executed: number;
                                success: number;
                                failure: number;
                                expired: number;
                                cancelled: number;
                                held: number;
                                deferred: {
                                    [key: string]: number;
                                };
                            };
                            approvalRequired: boolean;
                            wave: {
                                released: number;
                                total: number;
                            } | null;
                            ownerId: string;
                            createdBy: string;
                            createdByName: string;
                            createdAt: string;
                        };
                    };
                };
            };
        };
    };
    task_task_remoteTask_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    task_task_remoteTask_export_get: {
        parameters: {
            query?: {
                name?: string;
                type?: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                platform?: "android" | "windows" | "linux";
                status?: "pendingApproval" | "rejected" | "creating" | "normal" | "paused" | "complete" | "overdue" | "stopped" | "failed";
                createdFrom?: string;
                createdTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    task_task_remoteTask_export_post: {
        parameters: {
            query?: {
                name?: string;
                type?: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                platform?: "android" | "windows" | "linux";
                status?: "pendingApproval" | "rejected" | "creating" | "normal" | "paused" | "complete" | "overdue" | "stopped" | "failed";
                createdFrom?: string;
                createdTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    task_task_remoteTask_getById: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            nameText: {
                                /** @enum {string} */
                                key: "command" | "appInstall" | "permission" | "appUninstall";
                                params: {
                                    [key: string]: string | number;
                                };
                            } | null;
                            /** @enum {string} */
                            type: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                            /** @enum {string} */
                            platform: "android" | "windows" | "linux";
                            /** @enum {string} */
                            status: "pendingApproval" | "rejected" | "creating" | "normal" | "paused" | "complete" | "overdue" | "stopped" | "failed";
                            statusReason: string | null;
                            statusReasonEn: string | null;
                            summary: string;
                            /** @enum {string} */
                            scheduleKind: "once" | "interval" | "daily" | "cron";
                            startAt: string;
                            expireAt: string;
                            runCount: number;
                            counts: {
                                total: number;
                                waiting: number;
                                pulled: number;
                                executed: number;
                                success: number;
                                failure: number;
                                expired: number;
                                cancelled: number;
                                held: number;
                                deferred: {
                                    [key: string]: number;
                                };
                            };
                            approvalRequired: boolean;
                            wave: {
                                released: number;
                                total: number;
                            } | null;
                            ownerId: string;
                            createdBy: string;
                            createdByName: string;
                            createdAt: string;
                            params: {
                                [key: string]: unknown;
                            };
                            resource: {
                                /** @enum {string} */
                                kind: "sysFile" | "wallpaper" | "bootAnimation" | "app";
                                id: string;
                                name: string;
                            } | null;
                            targets: {
                                sns: string[];
                                groups: {
                                    id: string;
                                    name: string;
                                }[];
                                models: {
                                    id: string;
                                    name: string;
                                }[];
                                owners: {
                                    id: string;
                                    name: string;
                                }[];
                                whitelist: {
                                    id: string;
                                    name: string;
                                } | null;
                            };
                            timezone: string;
                            schedule: {
                                /** @constant */
                                kind: "once";
                            } | {
                                /** @constant */
                                kind: "interval";
                                everyMinutes: number;
                                windowMinutes?: number;
                            } | {
                                /** @constant */
                                kind: "daily";
                                at: string;
                                windowMinutes: number;
                            } | {
                                /** @constant */
                                kind: "cron";
                                expr: string;
                                windowMinutes: number;
                            };
                            conditions: {
                                /** @default false */
                                idle: boolean;
                                /** @default false */
                                settled: boolean;
                                minBattery?: number;
                                /** @default false */
                                charging: boolean;
                                window?: {
                                    from: string;
                                    to: string;
                                };
                            };
                            rollout: {
                                waves: number[];
                                /** @default 10 */
                                maxFailurePercent: number;
                                /** @default 60 */
                                waveMinutes: number;
                            } | null;
                            waves: {
                                wave: number;
                                percent: number;
                                size: number;
                                released: boolean;
                                releasedAt: string | null;
                                success: number;
                                failure: number;
                                failurePercent: number | null;
                            }[];
                            runs: {
                                id: string;
                                seq: number;
                                startsAt: string;
                                endsAt: string;
                                /** @enum {string} */
                                status: "creating" | "open" | "closed";
                                total: number;
                            }[];
                            approval: {
                                required: boolean;
                                decidedByName: string | null;
                                decidedAt: string | null;
                                rejectReason: string | null;
                            };
                            copiedFrom: string | null;
                        };
                    };
                };
            };
        };
    };
    task_task_remoteTask_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
                type?: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                platform?: "android" | "windows" | "linux";
                status?: "pendingApproval" | "rejected" | "creating" | "normal" | "paused" | "complete" | "overdue" | "stopped" | "failed";
                createdFrom?: string;
                createdTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                name: string;
                                nameText: {
                                    /** @enum {string} */
                                    key: "command" | "appInstall" | "permission" | "appUninstall";
                                    params: {
                                        [key: string]: string | number;
                                    };
                                } | null;
                                /** @enum {string} */
                                type: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                                /** @enum {string} */
                                platform: "android" | "windows" | "linux";
                                /** @enum {string} */
                                status: "pendingApproval" | "rejected" | "creating" | "normal" | "paused" | "complete" | "overdue" | "stopped" | "failed";
                                statusReason: string | null;
                                statusReasonEn: string | null;
                                summary: string;
                                /** @enum {string} */
                                scheduleKind: "once" | "interval" | "daily" | "cron";
                                startAt: string;
                                expireAt: string;
                                runCount: number;
                                counts: {
                                    total: number;
                                    waiting: number;
                                    pulled: number;
                                    executed: number;
                                    success: number;
                                    failure: number;
                                    expired: number;
                                    cancelled: number;
                                    held: number;
                                    deferred: {
                                        [key: string]: number;
                                    };
                                };
                                approvalRequired: boolean;
                                wave: {
                                    released: number;
                                    total: number;
                                } | null;
                                ownerId: string;
                                createdBy: string;
                                createdByName: string;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    task_task_remoteTask_packages: {
        parameters: {
            query?: {
                keyword?: string;
                platform?: "android" | "windows" | "linux";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            packageName: string;
                            name: string | null;
                            marketName: string | null;
                            terminals: number;
                        }[];
                    };
                };
            };
        };
    };
    task_task_remoteTask_parseSns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            sns: string[];
                            invalid: {
                                row: number;
                                value: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    task_task_remoteTask_preview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    platform: "android" | "windows" | "linux";
                    /** @enum {string} */
                    type?: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                    targets: {
                        sns?: string[];
                        /** @default [] */
                        groupIds?: string[];
                        /** @default [] */
                        modelIds?: string[];
                        /** @default [] */
                        ownerIds?: string[];
                        /** Format: uuid */
                        whitelistId?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            reach: number;
                            online: number;
                            missingSns: string[];
                            outOfScope: {
                                groupIds: string[];
                                ownerIds: string[];
                            };
                            approvalRequired: boolean;
                        };
                    };
                };
            };
        };
    };
    task_task_remoteTask_reject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            nameText: {
                                /** @enum {string} */
                                key: "command" | "appInstall" | "permission" | "appUninstall";
                                params: {
                                    [key: string]: string | number;
                                };
                            } | null;
                            /** @enum {string} */
                            type: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                            /** @enum {string} */
                            platform: "android" | "windows" | "linux";
                            /** @enum {string} */
                            status: "pendingApproval" | "rejected" | "creating" | "normal" | "paused" | "complete" | "overdue" | "stopped" | "failed";
                            statusReason: string | null;
                            statusReasonEn: string | null;
                            summary: string;
                            /** @enum {string} */
                            scheduleKind: "once" | "interval" | "daily" | "cron";
                            startAt: string;
                            expireAt: string;
                            runCount: number;
                            counts: {
                                total: number;
                                waiting: number;
                                pulled: number;
                                executed: number;
                                success: number;
                                failure: number;
                                expired: number;
                                cancelled: number;
                                held: number;
                                deferred: {
                                    [key: string]: number;
                                };
                            };
                            approvalRequired: boolean;
                            wave: {
                                released: number;
                                total: number;
                            } | null;
                            ownerId: string;
                            createdBy: string;
                            createdByName: string;
                            createdAt: string;
                        };
                    };
                };
            };
        };
    };
    task_task_remoteTask_restart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            nameText: {
                                /** @enum {string} */
                                key: "command" | "appInstall" | "permission" | "appUninstall";
                                params: {
                                    [key: string]: string | number;
                                };
                            } | null;
                            /** @enum {string} */
                            type: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                            /** @enum {string} */
                            platform: "android" | "windows" | "linux";
                            /** @enum {string} */
                            status: "pendingApproval" | "rejected" | "creating" | "normal" | "paused" | "complete" | "overdue" | "stopped" | "failed";
                            statusReason: string | null;
                            statusReasonEn: string | null;
                            summary: string;
                            /** @enum {string} */
                            scheduleKind: "once" | "interval" | "daily" | "cron";
                            startAt: string;
                            expireAt: string;
                            runCount: number;
                            counts: {
                                total: number;
                                waiting: number;
                                pulled: number;
                                executed: number;
                                success: number;
                                failure: number;
                                expired: number;
                                cancelled: number;
                                held: number;
                                deferred: {
                                    [key: string]: number;
                                };
                            };
                            approvalRequired: boolean;
                            wave: {
                                released: number;
                                total: number;
                            } | null;
                            ownerId: string;
                            createdBy: string;
                            createdByName: string;
                            createdAt: string;
                        };
                    };
                };
            };
        };
    };
    task_task_remoteTask_results: {
        parameters: {
            query: {
                current?: number;
                size?: number;
                taskId: string;
                runId?: string;
                state?: "waiting" | "pulled" | "executed" | "success" | "failure" | "expired" | "cancelled" | "held" | "deferred";
                deferReason?: "inTransaction" | "unsettled" | "lowBattery" | "notCharging" | "outsideWindow";
                sn?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                runId: string;
                                runSeq: number;
                                sn: string;
                                terminalName: string;
                                online: boolean;
                                /** @enum {string} */
                                state: "waiting" | "pulled" | "executed" | "success" | "failure" | "expired" | "cancelled";
                                held: boolean;
                                deferReason: ("inTransaction" | "unsettled" | "lowBattery" | "notCharging" | "outsideWindow") | null;
                                message: string | null;
                                attempt: number;
                                wave: number;
                                pulledAt: string | null;
                                executedAt: string | null;
                                finishedAt: string | null;
                                updatedAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    task_task_remoteTask_results_export_get: {
        parameters: {
            query: {
                taskId: string;
                runId?: string;
                state?: "waiting" | "pulled" | "executed" | "success" | "failure" | "expired" | "cancelled" | "held" | "deferred";
                deferReason?: "inTransaction" | "unsettled" | "lowBattery" | "notCharging" | "outsideWindow";
                sn?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    task_task_remoteTask_results_export_post: {
        parameters: {
            query: {
                taskId: string;
                runId?: string;
                state?: "waiting" | "pulled" | "executed" | "success" | "failure" | "expired" | "cancelled" | "held" | "deferred";
                deferReason?: "inTransaction" | "unsettled" | "lowBattery" | "notCharging" | "outsideWindow";
                sn?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    task_task_remoteTask_resume: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            nameText: {
                                /** @enum {string} */
                                key: "command" | "appInstall" | "permission" | "appUninstall";
                                params: {
                                    [key: string]: string | number;
                                };
                            } | null;
                            /** @enum {string} */
                            type: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                            /** @enum {string} */
                            platform: "android" | "windows" | "linux";
                            /** @enum {string} */
                            status: "pendingApproval" | "rejected" | "creating" | "normal" | "paused" | "complete" | "overdue" | "stopped" | "failed";
                            statusReason: string | null;
                            statusReasonEn: string | null;
                            summary: string;
                            /** @enum {string} */
                            scheduleKind: "once" | "interval" | "daily" | "cron";
                            startAt: string;
                            expireAt: string;
                            runCount: number;
                            counts: {
                                total: number;
                                waiting: number;
                                pulled: number;
                                executed: number;
                                success: number;
                                failure: number;
                                expired: number;
                                cancelled: number;
                                held: number;
                                deferred: {
                                    [key: string]: number;
                                };
                            };
                            approvalRequired: boolean;
                            wave: {
                                released: number;
                                total: number;
                            } | null;
                            ownerId: string;
                            createdBy: string;
                            createdByName: string;
                            createdAt: string;
                        };
                    };
                };
            };
        };
    };
    task_task_remoteTask_retryFailed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    deliveryIds?: string[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            retried: number;
                        };
                    };
                };
            };
        };
    };
    task_task_remoteTask_stop: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            nameText: {
                                /** @enum {string} */
                                key: "command" | "appInstall" | "permission" | "appUninstall";
                                params: {
                                    [key: string]: string | number;
                                };
                            } | null;
                            /** @enum {string} */
                            type: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                            /** @enum {string} */
                            platform: "android" | "windows" | "linux";
                            /** @enum {string} */
                            status: "pendingApproval" | "rejected" | "creating" | "normal" | "paused" | "complete" | "overdue" | "stopped" | "failed";
                            statusReason: string | null;
                            statusReasonEn: string | null;
                            summary: string;
                            /** @enum {string} */
                            scheduleKind: "once" | "interval" | "daily" | "cron";
                            startAt: string;
                            expireAt: string;
                            runCount: number;
                            counts: {
                                total: number;
                                waiting: number;
                                pulled: number;
                                executed: number;
                                success: number;
                                failure: number;
                                expired: number;
                                cancelled: number;
                                held: number;
                                deferred: {
                                    [key: string]: number;
                                };
                            };
                            approvalRequired: boolean;
                            wave: {
                                released: number;
                                total: number;
                            } | null;
                            ownerId: string;
                            createdBy: string;
                            createdByName: string;
                            createdAt: string;
                        };
                    };
                };
            };
        };
    };
    task_task_remoteTask_types: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            /** @enum {string} */
                            type: "app_install" | "app_uninstall" | "file_push" | "ota" | "wallpaper" | "boot_animation" | "command" | "permission" | "reboot" | "registry" | "remote_command";
                            platforms: ("android" | "windows" | "linux")[];
                            risky: boolean;
                        }[];
                    };
                };
            };
        };
    };
    task_task_whitelist_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    name: string;
                    /** @default  */
                    description?: string;
                    sns?: string[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            description: string;
                            size: number;
                            activeTasks: number;
                            ownerId: string;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
    };
    task_task_whitelist_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    task_task_whitelist_entries: {
        parameters: {
            query: {
                current?: number;
                size?: number;
                id: string;
                sn?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                sn: string;
                                terminalName: string | null;
                                online: boolean | null;
                                addedAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    task_task_whitelist_getList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            description: string;
                            size: number;
                            activeTasks: number;
                            ownerId: string;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
        };
    };
    task_task_whitelist_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                name: string;
                                description: string;
                                size: number;
                                activeTasks: number;
                                ownerId: string;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    task_task_whitelist_removeSns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    sns: string[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            description: string;
                            size: number;
                            activeTasks: number;
                            ownerId: string;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_auditStream_export: {
        parameters: {
            query: {
                from: string;
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    upms_upms_auditStream_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            settings: {
                                enabled: boolean;
                                host: string;
                                port: number;
                                tls: boolean;
                                caCert: string;
                                /** @enum {string} */
                                facility: "auth" | "authpriv" | "local0" | "local1" | "local2" | "local3" | "local4" | "local5" | "local6" | "local7";
                            };
                            state: {
                                cursor: number;
                                lag: number;
                                lastSentAt: string | null;
                                lastError: string | null;
                                lastErrorAt: string | null;
                                connected: boolean;
                            };
                        };
                    };
                };
            };
        };
    };
    upms_upms_auditStream_save: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                    host: string;
                    port: number;
                    tls: boolean;
                    caCert: string;
                    /** @enum {string} */
                    facility: "auth" | "authpriv" | "local0" | "local1" | "local2" | "local3" | "local4" | "local5" | "local6" | "local7";
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            settings: {
                                enabled: boolean;
                                host: string;
                                port: number;
                                tls: boolean;
                                caCert: string;
                                /** @enum {string} */
                                facility: "auth" | "authpriv" | "local0" | "local1" | "local2" | "local3" | "local4" | "local5" | "local6" | "local7";
                            };
                            state: {
                                cursor: number;
                                lag: number;
                                lastSentAt: string | null;
                                lastError: string | null;
                                lastErrorAt: string | null;
                                connected: boolean;
                            };
                        };
                    };
                };
            };
        };
    };
    upms_upms_auditStream_test: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            ok: boolean;
                            error: string | null;
                        };
                    };
                };
            };
        };
    };
    upms_upms_cpmPrivatization_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    name: string;
                    contact: string;
                    phone: string;
                    /** Format: email */
                    email: string;
                    country: string;
                    region: string;
                    address: string;
                    deploymentStatus: string;
                    networkType: string;
                    interfaceUrl: string;
                    serviceIp: string;
                    sysUser: string;
                    password?: string;
                    remark?: string | null;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_cpmPrivatization_delete_get: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_cpmPrivatization_delete_post: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_cpmPrivatization_export_get: {
        parameters: {
            query?: {
                name?: string;
                deploymentStatus?: string;
                country?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    upms_upms_cpmPrivatization_export_post: {
        parameters: {
            query?: {
                name?: string;
                deploymentStatus?: string;
                country?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    upms_upms_cpmPrivatization_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
                deploymentStatus?: string;
                country?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                name: string;
                                contact: string;
                                phone: string;
                                email: string;
                                country: string;
                                region: string;
                                address: string;
                                deploymentStatus: string;
                                networkType: string;
                                interfaceUrl: string;
                                serviceIp: string;
                                sysUser: string;
                                hasPassword: boolean;
                                remark: string | null;
                                ownerId: string;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_cpmPrivatization_revealPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            password: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_dicInfo_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    code: string;
                    name: string;
                    englishName: string;
                    description?: string | null;
                    /** @default true */
                    enabled?: boolean;
                    /** @default 0 */
                    sort?: number;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_dicInfo_delete_get: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_dicInfo_delete_post: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_dicInfo_getAll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            [key: string]: {
                                value: string;
                                label: string;
                                englishName: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    upms_upms_dicInfo_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                keyword?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                code: string;
                                name: string;
                                englishName: string;
                                description: string | null;
                                enabled: boolean;
                                sort: number;
                                itemCount: number;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_dicItem_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    /** Format: uuid */
                    dictId: string;
                    label: string;
                    englishName: string;
                    value: string;
                    /** @default 0 */
                    sort?: number;
                    /** @default true */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_dicItem_delete_get: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_dicItem_delete_post: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_dicItem_getList: {
        parameters: {
            query: {
                dictId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            dictId: string;
                            label: string;
                            englishName: string;
                            value: string;
                            sort: number;
                            enabled: boolean;
                        }[];
                    };
                };
            };
        };
    };
    upms_upms_equipment_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    name: string;
                    number: string;
                    /** @default store */
                    type?: string;
                    parentId?: string | null;
                    areaCode?: string | null;
                    address?: string | null;
                    contact?: string | null;
                    phone?: string | null;
                    timeZone?: string | null;
                    /** @default 0 */
                    sort?: number;
                    ownerId?: string | null;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_equipment_delete_get: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_equipment_delete_post: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_equipment_getTree: {
        parameters: {
            query?: {
                keyword?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: components["schemas"]["GroupNode"][];
                    };
                };
            };
        };
    };
    upms_upms_equipment_move: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    parentId: string | null;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_export_download: {
        parameters: {
            query: {
                id: string;
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    upms_upms_export_start: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    list: "terminals";
                    filter?: {
                        sn?: string;
                        name?: string;
                        /** @enum {string} */
                        status?: "warehoused" | "shipped" | "activated" | "loggedOff";
                        /** @enum {string} */
                        online?: "true" | "false";
                        /** Format: uuid */
                        modelId?: string;
                        /** Format: uuid */
                        groupId?: string;
                        storeName?: string;
                        /** Format: uuid */
                        ownerId?: string;
                        /** @enum {string} */
                        longOffline?: "true" | "false";
                    };
                    /** @enum {string} */
                    format?: "xlsx" | "csv";
                } | {
                    /** @constant */
                    list: "users";
                    filter?: {
                        username?: string;
                        name?: string;
                        email?: string;
                        phone?: string;
                        enabled?: ("0" | "1" | "true" | "false") | boolean;
                        state?: number;
                        /** Format: uuid */
                        roleId?: string;
                    };
                    /** @enum {string} */
                    format?: "xlsx" | "csv";
                } | {
                    /** @constant */
                    list: "runRecords";
                    filter: {
                        startDate: string;
                        endDate: string;
                        sn?: string;
                        /** Format: uuid */
                        groupId?: string;
                        /** Format: uuid */
                        modelId?: string;
                        /** Format: uuid */
                        ownerId?: string;
                        /** @enum {string} */
                        sortField?: "day" | "sn" | "onlineSec" | "runtimeSec" | "boots" | "shutdowns" | "mobileBytes" | "wifiBytes" | "batteryMin";
                        /** @enum {string} */
                        sortOrder?: "ascend" | "descend";
                    };
                    /** @enum {string} */
                    format?: "xlsx" | "csv";
                } | {
                    /** @constant */
                    list: "supportOrders";
                    /** @default {} */
                    filter?: {
                        keyword?: string;
                        /** @enum {string} */
                        status?: "draft" | "submitted" | "accepted" | "repairing" | "returned" | "closed" | "rejected";
                        faultType?: string;
                        /** @enum {string} */
                        priority?: "low" | "normal" | "high" | "urgent";
                        /** @enum {string} */
                        overdue?: "1";
                        /** @enum {string} */
                        source?: "manual" | "health" | "inspection";
                        /** @enum {string} */
                        mine?: "1";
                    };
                    /** @enum {string} */
                    format?: "xlsx" | "csv";
                } | {
                    /** @constant */
                    list: "inspectionRecords";
                    /** @default {} */
                    filter?: {
                        keyword?: string;
                        /** Format: uuid */
                        processId?: string;
                        /** @enum {string} */
                        failed?: "1";
                    };
                    /** @enum {string} */
                    format?: "xlsx" | "csv";
                } | {
                    /** @constant */
                    list: "policyCompliance";
                    filter: {
                        /** Format: uuid */
                        policyId: string;
                        /** @enum {string} */
                        state?: "verified" | "pending" | "failed" | "drift" | "unsupported";
                        /** @enum {string} */
                        severity?: "critical" | "major" | "minor" | "log";
                        /** Format: uuid */
                        groupId?: string;
                        sn?: string;
                    };
                    /** @enum {string} */
                    format?: "xlsx" | "csv";
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            /** @constant */
                            mode: "direct";
                            total: number;
                        } | {
                            /** @constant */
                            mode: "job";
                            total: number;
                            jobId: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_factors_mine: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            factors: {
                                id: string;
                                /** @enum {string} */
                                kind: "totp";
                                createdAt: string;
                                lastUsedAt: string | null;
                            }[];
                            passkeys: {
                                id: string;
                                name: string;
                                synced: boolean;
                                createdAt: string;
                                lastUsedAt: string | null;
                            }[];
                            recoveryCodesLeft: number;
                            requirement: {
                                required: boolean;
                                enterprise: string | null;
                                roles: string[];
                            };
                        };
                    };
                };
            };
        };
    };
    upms_upms_factors_ofUser: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            factors: {
                                id: string;
                                /** @enum {string} */
                                kind: "totp";
                                createdAt: string;
                                lastUsedAt: string | null;
                            }[];
                            passkeys: {
                                id: string;
                                name: string;
                                synced: boolean;
                                createdAt: string;
                                lastUsedAt: string | null;
                            }[];
                            recoveryCodesLeft: number;
                            requirement: {
                                required: boolean;
                                enterprise: string | null;
                                roles: string[];
                            };
                        };
                    };
                };
            };
        };
    };
    upms_upms_factors_passkeys_options: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            challengeId: string;
                            options: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    upms_upms_factors_passkeys_register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    challengeId: string;
                    name: string;
                    credential: {
                        id: string;
                        rawId: string;
                        /** @constant */
                        type: "public-key";
                        response: {
                            clientDataJSON: string;
                            attestationObject?: string;
                            authenticatorData?: string;
                            transports?: string[];
                            publicKey?: string;
                            publicKeyAlgorithm?: number;
                            signature?: string;
                            userHandle?: string;
                        };
                        /** @default {} */
                        clientExtensionResults?: {
                            credProps?: {
                                rk?: boolean;
                            };
                        };
                        authenticatorAttachment?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            recoveryCodes: string[];
                        };
                    };
                };
            };
        };
    };
    upms_upms_factors_passkeys_remove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_factors_passkeys_rename: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_factors_recovery_regenerate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            recoveryCodes: string[];
                        };
                    };
                };
            };
        };
    };
    upms_upms_factors_reset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            removed: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_factors_rules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            /** @enum {string} */
                            kind: "enterprise" | "role" | "passwordless";
                            targetId: string;
                            targetName: string;
                        }[];
                    };
                };
            };
        };
    };
    upms_upms_factors_rules_save: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "enterprise" | "role" | "passwordless";
                    /** Format: uuid */
                    targetId: string;
                    required: boolean;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_factors_totp_confirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    otp: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            recoveryCodes: string[];
                        };
                    };
                };
            };
        };
    };
    upms_upms_factors_totp_remove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_factors_totp_start: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            secret: string;
                            otpauthUri: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_job_getById: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            kind: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "succeeded" | "failed";
                            percent: number;
                            message: string | null;
                            messageEn: string | null;
                            attempts: number;
                            maxAttempts: number;
                            errorId: string | null;
                            result: unknown | null;
                            createdAt: string;
                            startedAt: string | null;
                            finishedAt: string | null;
                        };
                    };
                };
            };
        };
    };
    upms_upms_job_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                kind?: string;
                status?: "queued" | "running" | "succeeded" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                kind: string;
                                /** @enum {string} */
                                status: "queued" | "running" | "succeeded" | "failed";
                                percent: number;
                                message: string | null;
                                messageEn: string | null;
                                attempts: number;
                                maxAttempts: number;
                                errorId: string | null;
                                result: unknown | null;
                                createdAt: string;
                                startedAt: string | null;
                                finishedAt: string | null;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_operationLog_export_get: {
        parameters: {
            query?: {
                actorName?: string;
                action?: string;
                result?: "success" | "failure";
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    upms_upms_operationLog_export_post: {
        parameters: {
            query?: {
                actorName?: string;
                action?: string;
                result?: "success" | "failure";
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    upms_upms_operationLog_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                actorName?: string;
                action?: string;
                result?: "success" | "failure";
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                at: string;
                                actorId: string | null;
                                actorName: string;
                                ip: string | null;
                                action: string;
                                objectType: string;
                                objectId: string | null;
                                objectName: string | null;
                                /** @enum {string} */
                                result: "success" | "failure";
                                detail: string | null;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_role_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    name: string;
                    /** @default  */
                    nameEn?: string;
                    code: string;
                    description?: string | null;
                    /** @default true */
                    enabled?: boolean;
                    /**
                     * @default tree
                     * @enum {string}
                     */
                    dataScope?: "all" | "tree";
                    /** @default [] */
                    menuIds?: string[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_role_delete_get: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_role_delete_post: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_role_getGrantableTree: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: components["schemas"]["SysMenuNode"][];
                    };
                };
            };
        };
    };
    upms_upms_role_getOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            nameEn: string;
                            code: string;
                        }[];
                    };
                };
            };
        };
    };
    upms_upms_role_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
                code?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                name: string;
                                nameEn: string;
                                code: string;
                                description: string | null;
                                status: 0 | 1;
                                /** @enum {string} */
                                dataScope: "all" | "tree";
                                menuIds: string[];
                                userCount: number;
                                builtIn: boolean;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_serviceAccount_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    name: string;
                    description?: string | null;
                    /** Format: uuid */
                    roleId: string;
                    /** @default true */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_serviceAccount_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_serviceAccount_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                name: string;
                                description: string | null;
                                roleId: string;
                                roleName: string;
                                roleNameEn: string;
                                enabled: boolean;
                                ownerId: string;
                                createdAt: string;
                                keys: {
                                    id: string;
                                    prefix: string;
                                    name: string;
                                    scopes: string[];
                                    expiresAt: string;
                                    allowedSources: string[];
                                    rateLimitPerMinute: number;
                                    lastUsedAt: string | null;
                                    lastUsedIp: string | null;
                                    revokedAt: string | null;
                                    /** @enum {string} */
                                    status: "active" | "rotating" | "expired" | "revoked";
                                    createdAt: string;
                                }[];
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_serviceAccount_getRoleOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                            nameEn: string;
                            code: string;
                            permissions: string[];
                        }[];
                    };
                };
            };
        };
    };
    upms_upms_serviceAccount_issueKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    serviceAccountId: string;
                    name: string;
                    scopes: string[];
                    expiresInHours: number;
                    /** @default [] */
                    allowedSources?: string[];
                    /** @default 600 */
                    rateLimitPerMinute?: number;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            prefix: string;
                            key: string;
                            expiresAt: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_serviceAccount_revokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_serviceAccount_rotateKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    overlapMinutes: number;
                    expiresInHours: number;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            prefix: string;
                            key: string;
                            expiresAt: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_sso_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            enterpriseId: string;
                            enterpriseName: string;
                            displayName: string;
                            issuer: string;
                            clientId: string;
                            hasClientSecret: boolean;
                            scopes: string;
                            groupsClaim: string;
                            roleMappings: {
                                group: string;
                                /** Format: uuid */
                                roleId: string;
                                roleName: string;
                            }[];
                            emailDomains: string[];
                            enterpriseCode: string | null;
                            jitCreate: boolean;
                            reviewWaived: boolean;
                            ssoOnly: boolean;
                            enabled: boolean;
                            redirectUri: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
        };
    };
    upms_upms_sso_remove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_sso_save: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    enterpriseId: string;
                    displayName: string;
                    issuer: string;
                    clientId: string;
                    clientSecret?: string;
                    scopes?: string;
                    groupsClaim: string;
                    roleMappings: {
                        group: string;
                        /** Format: uuid */
                        roleId: string;
                    }[];
                    emailDomains: string[];
                    enterpriseCode: string | null;
                    jitCreate: boolean;
                    reviewWaived: boolean;
                    ssoOnly: boolean;
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_sysMenu_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    parentId?: string | null;
                    menuType: 0 | 1 | 2 | 3;
                    name: string;
                    menuEnglishName: string;
                    /** @default cpm */
                    sysCode?: string;
                    /** @default  */
                    url?: string;
                    /** @default  */
                    permission?: string;
                    /** @default  */
                    icon?: string;
                    /** @default true */
                    enabled?: boolean;
                    /** @default false */
                    hidden?: boolean;
                    /** @default 0 */
                    sort?: number;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_sysMenu_delete_get: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_sysMenu_delete_post: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_sysMenu_getTree: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: components["schemas"]["SysMenuNode"][];
                    };
                };
            };
        };
    };
    upms_upms_sysMsg_addOrUpdate_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    title: string;
                    /** @default  */
                    content?: string;
                    /** @enum {string} */
                    scope: "all" | "roles" | "users" | "groups";
                    /** @default [] */
                    targetIds?: string[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            title: string;
                            content: string;
                            /** @enum {string} */
                            scope: "all" | "roles" | "users" | "groups";
                            targets: {
                                id: string;
                                name: string;
                            }[];
                            /** @enum {string} */
                            status: "draft" | "published";
                            ownerId: string;
                            ownerName: string;
                            createdAt: string;
                            updatedAt: string;
                            publishedAt: string | null;
                            readCount: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_sysMsg_addOrUpdate_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    title: string;
                    /** @default  */
                    content?: string;
                    /** @enum {string} */
                    scope: "all" | "roles" | "users" | "groups";
                    /** @default [] */
                    targetIds?: string[];
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            title: string;
                            content: string;
                            /** @enum {string} */
                            scope: "all" | "roles" | "users" | "groups";
                            targets: {
                                id: string;
                                name: string;
                            }[];
                            /** @enum {string} */
                            status: "draft" | "published";
                            ownerId: string;
                            ownerName: string;
                            createdAt: string;
                            updatedAt: string;
                            publishedAt: string | null;
                            readCount: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_sysMsg_delete_get: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_sysMsg_delete_post: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_sysMsg_findTargets: {
        parameters: {
            query: {
                scope: "roles" | "users" | "groups";
                keyword?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            name: string;
                        }[];
                    };
                };
            };
        };
    };
    upms_upms_sysMsg_getPage_get: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                title?: string;
                status?: "draft" | "published";
                publishedFrom?: string;
                publishedTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                title: string;
                                content: string;
                                /** @enum {string} */
                                scope: "all" | "roles" | "users" | "groups";
                                targets: {
                                    id: string;
                                    name: string;
                                }[];
                                /** @enum {string} */
                                status: "draft" | "published";
                                ownerId: string;
                                ownerName: string;
                                createdAt: string;
                                updatedAt: string;
                                publishedAt: string | null;
                                readCount: number;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_sysMsg_getPage_post: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                title?: string;
                status?: "draft" | "published";
                publishedFrom?: string;
                publishedTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                title: string;
                                content: string;
                                /** @enum {string} */
                                scope: "all" | "roles" | "users" | "groups";
                                targets: {
                                    id: string;
                                    name: string;
                                }[];
                                /** @enum {string} */
                                status: "draft" | "published";
                                ownerId: string;
                                ownerName: string;
                                createdAt: string;
                                updatedAt: string;
                                publishedAt: string | null;
                                readCount: number;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_sysMsg_publish_get: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            title: string;
                            content: string;
                            /** @enum {string} */
                            scope: "all" | "roles" | "users" | "groups";
                            targets: {
                                id: string;
                                name: string;
                            }[];
                            /** @enum {string} */
                            status: "draft" | "published";
                            ownerId: string;
                            ownerName: string;
                            createdAt: string;
                            updatedAt: string;
                            publishedAt: string | null;
                            readCount: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_sysMsg_publish_post: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            title: string;
                            content: string;
                            /** @enum {string} */
                            scope: "all" | "roles" | "users" | "groups";
                            targets: {
                                id: string;
                                name: string;
                            }[];
                            /** @enum {string} */
                            status: "draft" | "published";
                            ownerId: string;
                            ownerName: string;
                            createdAt: string;
                            updatedAt: string;
                            publishedAt: string | null;
                            readCount: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_sysMsgUser_findPageList_get: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                title?: string;
                read?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                title: string;
                                content: string;
                                publishedAt: string;
                                publisherName: string;
                                notice: {
                                    /** @enum {string} */
                                    key: "taskAwaitsApproval" | "taskApproved" | "taskRejected" | "taskPaused" | "taskCreateFailed" | "appApproved" | "appRejected" | "appGrayPaused" | "orderChanged" | "inspectionProposed" | "exportReady" | "webhookDisabled";
                                    params: {
                                        [key: string]: string | number;
                                    };
                                    taskName?: {
                                        /** @enum {string} */
                                        key: "command" | "appInstall" | "permission" | "appUninstall";
                                        params: {
                                            [key: string]: string | number;
                                        };
                                    };
                                } | null;
                                read: boolean;
                                readAt: string | null;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_sysMsgUser_findPageList_post: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                title?: string;
                read?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                title: string;
                                content: string;
                                publishedAt: string;
                                publisherName: string;
                                notice: {
                                    /** @enum {string} */
                                    key: "taskAwaitsApproval" | "taskApproved" | "taskRejected" | "taskPaused" | "taskCreateFailed" | "appApproved" | "appRejected" | "appGrayPaused" | "orderChanged" | "inspectionProposed" | "exportReady" | "webhookDisabled";
                                    params: {
                                        [key: string]: string | number;
                                    };
                                    taskName?: {
                                        /** @enum {string} */
                                        key: "command" | "appInstall" | "permission" | "appUninstall";
                                        params: {
                                            [key: string]: string | number;
                                        };
                                    };
                                } | null;
                                read: boolean;
                                readAt: string | null;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_sysMsgUser_read_get: {
        parameters: {
            query: {
                msgId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            title: string;
                            content: string;
                            publishedAt: string;
                            publisherName: string;
                            notice: {
                                /** @enum {string} */
                                key: "taskAwaitsApproval" | "taskApproved" | "taskRejected" | "taskPaused" | "taskCreateFailed" | "appApproved" | "appRejected" | "appGrayPaused" | "orderChanged" | "inspectionProposed" | "exportReady" | "webhookDisabled";
                                params: {
                                    [key: string]: string | number;
                                };
                                taskName?: {
                                    /** @enum {string} */
                                    key: "command" | "appInstall" | "permission" | "appUninstall";
                                    params: {
                                        [key: string]: string | number;
                                    };
                                };
                            } | null;
                            read: boolean;
                            readAt: string | null;
                        };
                    };
                };
            };
        };
    };
    upms_upms_sysMsgUser_read_post: {
        parameters: {
            query: {
                msgId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            title: string;
                            content: string;
                            publishedAt: string;
                            publisherName: string;
                            notice: {
                                /** @enum {string} */
                                key: "taskAwaitsApproval" | "taskApproved" | "taskRejected" | "taskPaused" | "taskCreateFailed" | "appApproved" | "appRejected" | "appGrayPaused" | "orderChanged" | "inspectionProposed" | "exportReady" | "webhookDisabled";
                                params: {
                                    [key: string]: string | number;
                                };
                                taskName?: {
                                    /** @enum {string} */
                                    key: "command" | "appInstall" | "permission" | "appUninstall";
                                    params: {
                                        [key: string]: string | number;
                                    };
                                };
                            } | null;
                            read: boolean;
                            readAt: string | null;
                        };
                    };
                };
            };
        };
    };
    upms_upms_sysMsgUser_readAll_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            marked: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_sysMsgUser_readAll_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            marked: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_system_getMapConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            tileUrl: string | null;
                            /** @enum {string} */
                            datum: "wgs84" | "gcj02";
                            subdomains: string;
                            attribution: string;
                            maxZoom: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_user_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    username: string;
                    password?: string;
                    /** @default  */
                    name?: string;
                    email?: string | null;
                    phone?: string | null;
                    description?: string | null;
                    /** @default [] */
                    roleIds?: string[];
                    /** @default enterprise */
                    systemLevel?: string;
                    storeScopeGroupId?: string | null;
                    superiorId?: string | null;
                    /** @default true */
                    enabled?: boolean;
                    companyName?: string | null;
                    address?: string | null;
                    salesmanName?: string | null;
                    salesmanPhone?: string | null;
                    salesmanAddress?: string | null;
                    /** @default false */
                    hardwareSmsAlert?: boolean;
                    /** @default false */
                    fenceEmailAlert?: boolean;
                    /** @default true */
                    locationEnabled?: boolean;
                    /** @default false */
                    international?: boolean;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_user_audit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    approve: boolean;
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_user_completeInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    companyName: string;
                    address: string;
                    salesmanName: string;
                    salesmanPhone: string;
                    salesmanAddress: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            verify: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_user_delete_get: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_user_delete_post: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_user_export_get: {
        parameters: {
            query?: {
                username?: string;
                name?: string;
                email?: string;
                phone?: string;
                enabled?: ("0" | "1" | "true" | "false") | boolean;
                state?: number;
                roleId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    upms_upms_user_export_post: {
        parameters: {
            query?: {
                username?: string;
                name?: string;
                email?: string;
                phone?: string;
                enabled?: ("0" | "1" | "true" | "false") | boolean;
                state?: number;
                roleId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description File */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
        };
    };
    upms_upms_user_getAuditHistory: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            /** @enum {string} */
                            decision: "submitted" | "approved" | "rejected";
                            reason: string | null;
                            actorName: string;
                            at: string;
                        }[];
                    };
                };
            };
        };
    };
    upms_upms_user_getAuditPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                username?: string;
                name?: string;
                email?: string;
                phone?: string;
                enabled?: ("0" | "1" | "true" | "false") | boolean;
                state?: number;
                roleId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                username: string;
                                name: string;
                                email: string | null;
                                phone: string | null;
                                description: string | null;
                                status: 0 | 1;
                                state: number;
                                rejectReason: string | null;
                                roleIds: string[];
                                roleNames: string[];
                                roleNamesEn: string[];
                                systemLevel: string;
                                storeScopeGroupId: string | null;
                                storeScopeGroupName: string | null;
                                superiorId: string | null;
                                superiorName: string | null;
                                companyName: string | null;
                                address: string | null;
                                salesmanName: string | null;
                                salesmanPhone: string | null;
                                salesmanAddress: string | null;
                                hardwareSmsAlert: boolean;
                                fenceEmailAlert: boolean;
                                locationEnabled: boolean;
                                international: boolean;
                                activated: boolean;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_user_getOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            username: string;
                            name: string;
                        }[];
                    };
                };
            };
        };
    };
    upms_upms_user_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                username?: string;
                name?: string;
                email?: string;
                phone?: string;
                enabled?: ("0" | "1" | "true" | "false") | boolean;
                state?: number;
                roleId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                username: string;
                                name: string;
                                email: string | null;
                                phone: string | null;
                                description: string | null;
                                status: 0 | 1;
                                state: number;
                                rejectReason: string | null;
                                roleIds: string[];
                                roleNames: string[];
                                roleNamesEn: string[];
                                systemLevel: string;
                                storeScopeGroupId: string | null;
                                storeScopeGroupName: string | null;
                                superiorId: string | null;
                                superiorName: string | null;
                                companyName: string | null;
                                address: string | null;
                                salesmanName: string | null;
                                salesmanPhone: string | null;
                                salesmanAddress: string | null;
                                hardwareSmsAlert: boolean;
                                fenceEmailAlert: boolean;
                                locationEnabled: boolean;
                                international: boolean;
                                activated: boolean;
                                createdAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_user_getSubUserMenuById: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            menuList: components["schemas"]["MenuNode"][];
                        };
                    };
                };
            };
        };
    };
    upms_upms_user_getUserStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            username: string;
                            name: string;
                            verify: number;
                            enabled: boolean;
                            rejectReason: string | null;
                            permissions: string[];
                            hasEmail: boolean;
                        };
                    };
                };
            };
        };
    };
    upms_upms_user_kickOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            ended: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_user_resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_user_sessions: {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            userAgent: string | null;
                            ip: string | null;
                            createdAt: string;
                            lastSeenAt: string;
                            current: boolean;
                        }[];
                    };
                };
            };
        };
    };
    upms_upms_user_sessions_end: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_user_updateStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_webhooks_addOrUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id?: string;
                    name: string;
                    url: string;
                    eventTypes: ("terminal.created" | "terminal.online" | "terminal.offline" | "terminal.moved" | "terminal.deleted" | "task.created" | "task.deliverySucceeded" | "task.deliveryFailed" | "task.finished" | "app.submitted" | "app.reviewed" | "app.released" | "app.paused" | "order.stateChanged" | "inspection.stateChanged" | "user.registered" | "user.approved" | "audit.entry" | "alert.raised" | "alert.acknowledged" | "alert.closed" | "incident.opened" | "incident.closed")[];
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            id: string;
                            secret: string | null;
                        };
                    };
                };
            };
        };
    };
    upms_upms_webhooks_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_webhooks_deliveries: {
        parameters: {
            query: {
                current?: number;
                size?: number;
                subscriptionId: string;
                status?: "waiting" | "pending" | "delivered" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                subscriptionId: string;
                                eventId: string;
                                eventType: string;
                                objectKey: string;
                                /** @enum {string} */
                                status: "waiting" | "pending" | "delivered" | "failed";
                                attempts: number;
                                responseCode: number | null;
                                durationMs: number | null;
                                error: string | null;
                                createdAt: string;
                                lastAttemptAt: string | null;
                                nextAttemptAt: string | null;
                                deliveredAt: string | null;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_webhooks_getPage: {
        parameters: {
            query?: {
                current?: number;
                size?: number;
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            records: {
                                id: string;
                                name: string;
                                url: string;
                                eventTypes: ("terminal.created" | "terminal.online" | "terminal.offline" | "terminal.moved" | "terminal.deleted" | "task.created" | "task.deliverySucceeded" | "task.deliveryFailed" | "task.finished" | "app.submitted" | "app.reviewed" | "app.released" | "app.paused" | "order.stateChanged" | "inspection.stateChanged" | "user.registered" | "user.approved" | "audit.entry" | "alert.raised" | "alert.acknowledged" | "alert.closed" | "incident.opened" | "incident.closed")[];
                                enabled: boolean;
                                disabledReason: string | null;
                                consecutiveFailures: number;
                                ownerId: string;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            total: number;
                            current: number;
                            size: number;
                        };
                    };
                };
            };
        };
    };
    upms_upms_webhooks_ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            deliveryId: string;
                        };
                    };
                };
            };
        };
    };
    upms_upms_webhooks_resend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: null;
                    };
                };
            };
        };
    };
    upms_upms_webhooks_rotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Envelope; `code` 1 on success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        messageEn: string;
                        msg: string;
                        result: {
                            secret: string;
                        };
                    };
                };
            };
        };
    };
}
