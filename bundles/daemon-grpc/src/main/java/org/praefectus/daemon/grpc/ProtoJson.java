package org.praefectus.daemon.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.util.Base64;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * Between the daemon's JSON (snake_case, as the CLI and socket write it) and peekaboox.v1 messages, by the
 * messages' descriptors: a field is found by its proto name, enums by their value name or its suffix
 * ({@code bgra8} is {@code PIXEL_FORMAT_BGRA8}), bytes as base64. Fields the JSON lacks stay unset.
 */
final class ProtoJson {

    static final ObjectMapper JSON = new ObjectMapper();

    private ProtoJson() {}

    /**
     * The fields of {@code message} as a JSON object with proto field names: those set, and numbers without
     * presence even when zero (a {@code Rect} at 0,0 keeps its x and y).
     */
    static ObjectNode toJson(Message message) {
        ObjectNode object = JSON.createObjectNode();
        Map<FieldDescriptor, Object> fields = new java.util.LinkedHashMap<>();
        for (FieldDescriptor descriptor : message.getDescriptorForType().getFields()) {
            boolean number = switch (descriptor.getJavaType()) {
                case INT, LONG, FLOAT, DOUBLE -> true;
                default -> false;
            };
            if (descriptor.isRepeated()
                    ? message.getRepeatedFieldCount(descriptor) > 0
                    : message.hasField(descriptor) || (number && !descriptor.hasPresence())) {
                fields.put(descriptor, message.getField(descriptor));
            }
        }
        for (Map.Entry<FieldDescriptor, Object> field : fields.entrySet()) {
            FieldDescriptor descriptor = field.getKey();
            if (descriptor.isRepeated()) {
                ArrayNode array = object.putArray(descriptor.getName());
                for (Object element : (Iterable<?>) field.getValue()) {
                    array.add(value(descriptor, element));
                }
            } else {
                object.set(descriptor.getName(), value(descriptor, field.getValue()));
            }
        }
        return object;
    }

    private static JsonNode value(FieldDescriptor descriptor, Object value) {
        return switch (descriptor.getJavaType()) {
            case MESSAGE -> toJson((Message) value);
            case ENUM -> JSON.getNodeFactory().textNode(shortName((EnumValueDescriptor) value));
            case BYTE_STRING ->
                JSON.getNodeFactory().textNode(Base64.getEncoder().encodeToString(((ByteString) value).toByteArray()));
            case BOOLEAN -> JSON.getNodeFactory().booleanNode((Boolean) value);
            case INT ->
                JSON.getNodeFactory()
                        .numberNode(
                                descriptor.getType() == FieldDescriptor.Type.UINT32
                                        ? Integer.toUnsignedLong((Integer) value)
                                        : (Integer) value);
            case LONG -> JSON.getNodeFactory().numberNode((Long) value);
            case FLOAT -> JSON.getNodeFactory().numberNode((Float) value);
            case DOUBLE -> JSON.getNodeFactory().numberNode((Double) value);
            case STRING -> JSON.getNodeFactory().textNode((String) value);
        };
    }

    /** {@code PIXEL_FORMAT_BGRA8} → {@code bgra8}: the value name without its enum's prefix, lower case. */
    static String shortName(EnumValueDescriptor value) {
        String prefix = upperSnake(value.getType().getName()) + "_";
        String name = value.getName();
        return (name.startsWith(prefix) ? name.substring(prefix.length()) : name).toLowerCase(Locale.ROOT);
    }

    /** Sets the fields of {@code builder} that {@code json} names. */
    static <B extends Message.Builder> B merge(JsonNode json, B builder) {
        if (json == null || !json.isObject()) {
            return builder;
        }
        for (FieldDescriptor descriptor : builder.getDescriptorForType().getFields()) {
            JsonNode value = json.get(descriptor.getName());
            if (value == null || value.isNull()) {
                continue;
            }
            if (descriptor.isMapField()) {
                Iterator<Map.Entry<String, JsonNode>> entries = value.fields();
                while (entries.hasNext()) {
                    Map.Entry<String, JsonNode> entry = entries.next();
                    Message.Builder pair = builder.newBuilderForField(descriptor);
                    pair.setField(pair.getDescriptorForType().findFieldByName("key"), entry.getKey());
                    pair.setField(
                            pair.getDescriptorForType().findFieldByName("value"),
                            entry.getValue().asText());
                    builder.addRepeatedField(descriptor, pair.build());
                }
            } else if (descriptor.isRepeated()) {
                if (value.isArray()) {
                    for (JsonNode element : value) {
                        Object converted = convert(descriptor, element, builder);
                        if (converted != null) {
                            builder.addRepeatedField(descriptor, converted);
                        }
                    }
                }
            } else {
                Object converted = convert(descriptor, value, builder);
                if (converted != null) {
                    builder.setField(descriptor, converted);
                }
            }
        }
        return builder;
    }

    private static Object convert(FieldDescriptor descriptor, JsonNode value, Message.Builder parent) {
        return switch (descriptor.getJavaType()) {
            case MESSAGE ->
                value.isObject()
                        ? merge(value, parent.newBuilderForField(descriptor)).build()
                        : null;
            case ENUM -> enumValue(descriptor.getEnumType(), value.asText());
            case BYTE_STRING ->
                value.isTextual() ? ByteString.copyFrom(Base64.getDecoder().decode(value.asText())) : null;
            case BOOLEAN -> value.asBoolean();
            case INT -> (int) value.asLong();
            case LONG -> value.asLong();
            case FLOAT -> (float) value.asDouble();
            case DOUBLE -> value.asDouble();
            case STRING -> value.isValueNode() ? value.asText() : value.toString();
        };
    }

    private static EnumValueDescriptor enumValue(EnumDescriptor type, String name) {
        String upper = name.toUpperCase(Locale.ROOT).replace('-', '_');
        EnumValueDescriptor exact = type.findValueByName(upper);
        if (exact != null) {
            return exact;
        }
        EnumValueDescriptor prefixed = type.findValueByName(upperSnake(type.getName()) + "_" + upper);
        return prefixed != null ? prefixed : type.getValues().get(0);
    }

    /** {@code PixelFormat} → {@code PIXEL_FORMAT}. */
    static String upperSnake(String camel) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < camel.length(); i++) {
            char c = camel.charAt(i);
            if (Character.isUpperCase(c) && i > 0 && !Character.isUpperCase(camel.charAt(i - 1))) {
                out.append('_');
            }
            out.append(Character.toUpperCase(c));
        }
        return out.toString();
    }
}
