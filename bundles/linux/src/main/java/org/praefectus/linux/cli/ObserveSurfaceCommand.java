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
import org.praefectus.api.protocol.SurfaceRef;

/** {@code observe-surface SURFACE_ID}: observes exactly that surface, without activating it. */
@Component(service = CliCommand.class)
@Command(ObserveSurfaceCommand.NAME)
public final class ObserveSurfaceCommand implements CliCommand {

    static final String NAME = "observe-surface";

    private final Engine engine;

    /** Observes through the engine: the executor it would dispatch an action on the result to. */
    @Activate
    public ObserveSurfaceCommand(@Reference Engine engine) {
        this.engine = engine;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "observe one surface from 'surfaces' by its ID, without activating it";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        if (arguments.isEmpty()) {
            throw CliCommandException.usage("observe-surface requires a surface ID");
        }
        if (arguments.size() > 1) {
            throw CliCommandException.usage("observe-surface accepts exactly one surface ID");
        }
        try {
            return ProtocolJson.encode(engine.observeSurface(
                            new SurfaceRef(arguments.get(0)), new CancellationToken(), ObservationCommands.deadline()))
                    .toPlain();
        } catch (EngineException e) {
            throw ObservationCommands.failure(e);
        } catch (ExecutorException e) {
            throw ObservationCommands.failure(e);
        }
    }
}
