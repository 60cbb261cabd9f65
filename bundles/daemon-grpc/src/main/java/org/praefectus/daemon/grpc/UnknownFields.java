package org.praefectus.daemon.grpc;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.grpc.Status;
import java.util.List;
import java.util.Map;

/**
 * A request carrying a field this daemon's contract does not know (a newer PeekabooX client's {@code dry_run}, say)
 * is refused {@code INVALID_ARGUMENT} naming the field number, before anything happens: protobuf would otherwise keep
 * the field aside and the daemon would act on the rest of the request.
 */
final class UnknownFields {

    private UnknownFields() {}

    /** Refuses {@code message} when it, or a message inside it, carries an unknown field. */
    static void refuse(Message message, String path) {
        if (!message.getUnknownFields().asMap().isEmpty()) {
            int number = message.getUnknownFields().asMap().keySet().iterator().next();
            throw Status.INVALID_ARGUMENT
                    .withDescription("unsupported_field: " + path + " has field number " + number
                            + ", which this daemon does not implement; nothing was done")
                    .asRuntimeException();
        }
        for (Map.Entry<FieldDescriptor, Object> field : message.getAllFields().entrySet()) {
            if (field.getKey().getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
                continue;
            }
            String inner = path + "." + field.getKey().getName();
            if (field.getValue() instanceof List<?> list) {
                for (Object item : list) {
                    refuse((Message) item, inner);
                }
            } else {
                refuse((Message) field.getValue(), inner);
            }
        }
    }
}
