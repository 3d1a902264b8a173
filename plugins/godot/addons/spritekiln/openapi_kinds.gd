@tool
extends RefCounted
## The job kinds a server offers and the form of each, read from its OpenAPI document
## (GET /openapi.json) the way the web dashboard reads it, so a kind added to the server reaches the
## dock and SpritekilnClient.create_job without a plugin change.
##
## A kind is a POST under /public/v1 whose operation has `x-job-kind` and a multipart/form-data
## body, unless it is `deprecated` (the unversioned twin of a versioned route: the same kind twice).
## Each becomes {"kind": x-job-kind, "label": summary, "path": the path under /public/v1,
## "fields": [...]}, and each property of its body's schema (`$ref`s followed) a field
## {"name", "type", "required", "options"?, "default"?, "hint"?, "prefill"?} with type:
##   "file"       a binary string (one image)
##   "files"      an array of binary strings (several images, the field repeated)
##   "enum"       a string enum;  "int_enum": an integer enum
##   "bool"       a boolean
##   "multiline"  JSON in a string (`rows`: a list of rows)
##   "text"       anything else, one line
## required: in the schema's `required` list (optional fields left empty are not sent).
## default: what the server uses when the field is not sent. hint: from `description` / `examples`.

const API_PREFIX := "/public/v1"
## `$ref` chains longer than this are taken for a cycle.
const MAX_REFS := 16
## JSON sent as a string field. The document declares these as plain strings (`{"type": "string"}`:
## nothing there tells `rows` from a prompt), so they are known here by name; a field the server
## marks as `contentMediaType: application/json` is taken as JSON whatever its name.
const JSON_FIELDS := {
	"rows": {"type": "multiline", "prefill": '[{"row": 1, "title": "walk", "description": "walking to the right"}]'},
	"sprite_grid": {"type": "text", "hint": "JSON, e.g. {\"columns\": 4, \"rows\": 2}"},
}


## The kinds of an OpenAPI document, in its order; [] when it has none.
static func from_document(doc: Dictionary) -> Array:
	var kinds := []
	var paths := _resolve(doc, doc.get("paths"))
	for path in paths:
		var api_path := str(path)
		if not api_path.begins_with(API_PREFIX + "/"):
			continue
		var operation := _resolve(doc, _resolve(doc, paths[path]).get("post"))
		if not operation.has("x-job-kind") or operation.get("deprecated", false) == true:
			continue
		var content := _resolve(doc, _resolve(doc, operation.get("requestBody")).get("content"))
		# The client sends forms only (as the web dashboard's playground).
		if not content.has("multipart/form-data"):
			continue
		var schema := _resolve(doc, _resolve(doc, content.get("multipart/form-data")).get("schema"))
		var relative := api_path.trim_prefix(API_PREFIX)
		var summary := str(operation.get("summary", "")).strip_edges()
		kinds.append({
			"kind": str(operation["x-job-kind"]),
			"label": summary if summary != "" else relative.trim_prefix("/").replace("/", " / "),
			"path": relative,
			"fields": _fields(doc, schema),
		})
	return kinds


static func _fields(doc: Dictionary, schema: Dictionary) -> Array:
	var fields := []
	var required: Variant = schema.get("required", [])
	var properties := _resolve(doc, schema.get("properties"))
	for name in properties:
		var prop := _resolve(doc, properties[name])
		var field := {"name": str(name), "type": _type_of(doc, str(name), prop), "required": required is Array and required.has(name)}
		if field.type == "enum" or field.type == "int_enum":
			# JSON numbers arrive as floats: an integer enum is shown and sent as 36, not 36.0.
			field.options = prop.enum.map(func(v: Variant) -> Variant: return int(v) if field.type == "int_enum" else str(v))
		if prop.has("default"):
			field.default = int(prop.default) if _json_type(prop) == "integer" and prop.default is float else prop.default
		var hints := PackedStringArray()
		if str(prop.get("description", "")) != "":
			hints.append(str(prop.description))
		var examples: Variant = prop.get("examples")
		if examples is Array and not examples.is_empty():
			hints.append("e.g. " + ", ".join(PackedStringArray(examples.map(func(e: Variant) -> String: return e if e is String else JSON.stringify(e)))))
		var known: Dictionary = JSON_FIELDS.get(field.name, {})
		if hints.is_empty() and known.has("hint"):
			hints.append(known.hint)
		if not hints.is_empty():
			field.hint = "; ".join(hints)
		if known.has("prefill"):
			field.prefill = known.prefill
		fields.append(field)
	return fields


static func _type_of(doc: Dictionary, name: String, prop: Dictionary) -> String:
	var type := _json_type(prop)
	if type == "string" and prop.get("format") == "binary":
		return "file"
	if type == "array":
		var items := _resolve(doc, prop.get("items"))
		return "files" if _json_type(items) == "string" and items.get("format") == "binary" else "text"
	if type == "boolean":
		return "bool"
	if prop.get("enum") is Array:
		return "int_enum" if type == "integer" else "enum"
	if prop.get("contentMediaType") == "application/json":
		return "multiline"
	if JSON_FIELDS.has(name):
		return JSON_FIELDS[name].type
	return "text"


## `type`, also when OpenAPI 3.1 gives a list such as ["string", "null"].
static func _json_type(schema: Dictionary) -> String:
	var type: Variant = schema.get("type", "")
	if type is Array:
		for t in type:
			if str(t) != "null":
				return str(t)
		return ""
	return str(type)


## value with its `$ref` (a local "#/..." pointer) followed; {} for anything that is not an object.
static func _resolve(doc: Dictionary, value: Variant) -> Dictionary:
	for i in MAX_REFS:
		if not value is Dictionary:
			return {}
		var ref: Variant = value.get("$ref")
		if not ref is String:
			return value
		value = _pointer(doc, ref)
	return {}


## A JSON pointer into doc ("#/components/schemas/Form"), or null.
static func _pointer(doc: Dictionary, ref: String) -> Variant:
	if not ref.begins_with("#/"):
		return null
	var at: Variant = doc
	for part in ref.substr(2).split("/"):
		var key := part.replace("~1", "/").replace("~0", "~")
		if at is Dictionary and at.has(key):
			at = at[key]
		elif at is Array and key.is_valid_int() and int(key) < at.size():
			at = at[int(key)]
		else:
			return null
	return at
