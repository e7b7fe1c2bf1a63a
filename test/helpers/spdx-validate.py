# Test helper: validates SPDX 2.3 JSON documents with the SPDX project's own Python library (spdx-tools, fetched from
# Debian by scripts/spdx-tools.sh; PYTHONPATH points at it). Prints one JSON list of messages per file given, in
# order, on one line each; an empty list means valid. Three passes:
#   1. property names: every key of the document, its creation info, packages, files, snippets, relationships,
#      annotations, checksums, external references and extracted licenses must be one the library's JSON converters
#      write (its model of SPDX 2.3), or one of the two deprecated ones its parser still reads (documentDescribes,
#      hasFiles): the parser itself drops a key it does not know without a word, so a misspelt field would pass;
#   2. parsing (types, enums, dates, SPDX ids, license expressions): spdx_tools' JSON parser;
#   3. validation of the parsed document (required fields, references to unknown elements, URLs, checksums,
#      license references, relationship rules): spdx_tools' validate_full_spdx_document.
import json
import sys

from spdx_tools.spdx.jsonschema.annotation_converter import AnnotationConverter
from spdx_tools.spdx.jsonschema.checksum_converter import ChecksumConverter
from spdx_tools.spdx.jsonschema.creation_info_converter import CreationInfoConverter
from spdx_tools.spdx.jsonschema.document_converter import DocumentConverter
from spdx_tools.spdx.jsonschema.external_document_ref_converter import ExternalDocumentRefConverter
from spdx_tools.spdx.jsonschema.external_package_ref_converter import ExternalPackageRefConverter
from spdx_tools.spdx.jsonschema.extracted_licensing_info_converter import ExtractedLicensingInfoConverter
from spdx_tools.spdx.jsonschema.file_converter import FileConverter
from spdx_tools.spdx.jsonschema.package_converter import PackageConverter
from spdx_tools.spdx.jsonschema.package_verification_code_converter import PackageVerificationCodeConverter
from spdx_tools.spdx.jsonschema.relationship_converter import RelationshipConverter
from spdx_tools.spdx.jsonschema.snippet_converter import SnippetConverter
from spdx_tools.spdx.parser.error import SPDXParsingError
from spdx_tools.spdx.parser.json.json_parser import parse_from_file
from spdx_tools.spdx.validation.document_validator import validate_full_spdx_document


def names(converter, *extra):
    return {converter.json_property_name(p) for p in converter.get_json_type()} | set(extra)


ANNOTATION = names(AnnotationConverter())
CHECKSUM = names(ChecksumConverter())
# the properties an object may have, and the kind of the objects in each of its list or object properties
KINDS = {
    "document": (names(DocumentConverter(), "documentDescribes"), {
        "creationInfo": "creationInfo", "packages": "package", "files": "file", "snippets": "snippet",
        "relationships": "relationship", "annotations": "annotation",
        "externalDocumentRefs": "externalDocumentRef", "hasExtractedLicensingInfos": "extractedLicense"}),
    "creationInfo": (names(CreationInfoConverter()), {}),
    "package": (names(PackageConverter(), "hasFiles"), {
        "annotations": "annotation", "checksums": "checksum", "externalRefs": "externalRef",
        "packageVerificationCode": "verificationCode"}),
    "file": (names(FileConverter()), {"annotations": "annotation", "checksums": "checksum"}),
    "snippet": (names(SnippetConverter()), {"annotations": "annotation"}),
    "relationship": (names(RelationshipConverter()), {}),
    "annotation": (ANNOTATION, {}),
    "checksum": (CHECKSUM, {}),
    "externalRef": (names(ExternalPackageRefConverter()), {}),
    "externalDocumentRef": (names(ExternalDocumentRefConverter()), {"checksum": "checksum"}),
    "extractedLicense": (names(ExtractedLicensingInfoConverter()), {}),
    "verificationCode": (names(PackageVerificationCodeConverter()), {}),
}


def unknown_properties(value, kind, where):
    if not isinstance(value, dict):
        return []
    allowed, children = KINDS[kind]
    out = [f"unknown property {key!r} in {where}" for key in value if key not in allowed]
    for key, child_kind in children.items():
        child = value.get(key)
        if isinstance(child, list):
            for i, item in enumerate(child):
                out.extend(unknown_properties(item, child_kind, f"{where}.{key}[{i}]"))
        else:
            out.extend(unknown_properties(child, child_kind, f"{where}.{key}"))
    return out


def messages(path):
    with open(path, encoding="utf-8") as f:
        raw = json.load(f)
    out = unknown_properties(raw, "document", "document")
    try:
        document = parse_from_file(path)
    except SPDXParsingError as e:
        return out + [f"parse: {m}" for m in e.get_messages()]
    for m in validate_full_spdx_document(document):
        c = m.context
        where = c.spdx_id or c.parent_id or (c.element_type.name if c.element_type else "document")
        out.append(f"{m.validation_message} [{where}]")
    return out


if __name__ == "__main__":
    for p in sys.argv[1:]:
        print(json.dumps(messages(p)))
