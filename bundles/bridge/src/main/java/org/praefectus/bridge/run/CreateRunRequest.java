package org.praefectus.bridge.run;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** {@code POST /runs} after schema validation. */
@JsonIgnoreProperties(ignoreUnknown = false)
public record CreateRunRequest(
        @JsonProperty("request_id") String requestId,
        @JsonProperty("mission_id") String missionId,
        @JsonProperty("task_id") String taskId,
        @JsonProperty("executor") String executor,
        @JsonProperty("timeout_seconds") long timeoutSeconds,
        @JsonProperty("path_mapping") PathMapping pathMapping,
        @JsonProperty("task_spec") TaskSpec taskSpec) {

    public record PathMapping(
            @JsonProperty("container_workspace_root") String containerWorkspaceRoot,
            @JsonProperty("host_workspace_root") String hostWorkspaceRoot,
            @JsonProperty("target_workdir") String targetWorkdir) {}

    public record TaskSpec(
            @JsonProperty("title") String title,
            @JsonProperty("instructions") String instructions,
            @JsonProperty("input_files") List<String> inputFiles,
            @JsonProperty("expected_outputs") List<String> expectedOutputs,
            @JsonProperty("approval_policy") ApprovalPolicy approvalPolicy,
            @JsonProperty("model_profile") String modelProfile,
            @JsonProperty("native_subagents") String nativeSubagents) {}

    public record ApprovalPolicy(
            @JsonProperty("allow_destructive_write") boolean allowDestructiveWrite,
            @JsonProperty("allow_shell") boolean allowShell) {}
}
