package org.praefectus.plugins.runner;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.praefectus.plugins.process.OutputListener;
import org.praefectus.plugins.process.ProcessExecution;
import org.praefectus.plugins.process.ProcessRunner;
import org.praefectus.plugins.process.ProcessSpec;
import org.praefectus.plugins.process.ProcessStartException;

/** The process runner as a service; deactivation kills every process it still runs and stops its threads. */
@Component(service = ProcessRunner.class)
public final class ProcessRunnerComponent implements ProcessRunner {

    private final BoundedProcessRunner runner = new BoundedProcessRunner(System.getenv());

    @Override
    public ProcessExecution start(ProcessSpec spec, OutputListener listener) throws ProcessStartException {
        return runner.start(spec, listener);
    }

    @Deactivate
    void deactivate() {
        runner.close();
    }
}
