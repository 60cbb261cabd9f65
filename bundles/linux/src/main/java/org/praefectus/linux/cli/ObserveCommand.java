package org.praefectus.linux.cli;

import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.ProtocolJson;

/** {@code observe}: one bounded semantic observation of the active window. */
@Component(service = CliCommand.class)
@Command(ObserveCommand.NAME)
public final class ObserveCommand implements CliCommand {

    static final String NAME = "observe";

    private final Engine engine;

    /** Observes through the engine: the executor it would dispatch an action on the result to. */
    @Activate
    public ObserveCommand(@Reference Engine engine) {
        this.engine = engine;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "observe the active window: elements with short tags e1, e2, ...";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        if (!arguments.isEmpty()) {
            throw CliCommandException.usage("observe does not accept positional arguments");
        }
        try {
            return ProtocolJson.encode(engine.observeSemantic(new CancellationToken(), ObservationCommands.deadline()))
                    .toPlain();
        } catch (EngineException e) {
            throw ObservationCommands.failure(e);
        } catch (ExecutorException e) {
            throw ObservationCommands.failure(e);
        }
    }
}
