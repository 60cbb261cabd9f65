package org.praefectus.api.engine;

import static java.util.Objects.requireNonNull;

/** The result of one step of {@link Engine#executeBatch}: a report, or the refusal that stopped the batch. */
public sealed interface BatchStep {

    /**
     * The step ran to a terminal (which may itself stop the batch).
     *
     * @param report its acknowledgements
     */
    record Executed(ExecuteReport report) implements BatchStep {
        public Executed {
            requireNonNull(report, "report");
        }
    }

    /**
     * The step was refused before a claim; the batch stops here.
     *
     * @param error the refusal
     */
    record Refused(EngineException error) implements BatchStep {
        public Refused {
            requireNonNull(error, "error");
        }
    }
}
