/**
 * @file
 * Example 008: create a template if it doesn't already exist
 * @author DocuSign
 */

const docusign = require('docusign-esign');
const fs = require('fs-extra');

/**
 * This function does the work of checking to see if the template exists and creating it if not.
 */
const createTemplate = async (args) => {
  // Data for this method
  // args.basePath
  // args.accessToken
  // args.accountId
  // args.templateName

  let dsApiClient = new docusign.ApiClient();
  dsApiClient.setBasePath(args.basePath);
  dsApiClient.addDefaultHeader('Authorization', 'Bearer ' + args.accessToken);
  let templatesApi = new docusign.TemplatesApi(dsApiClient);
    let results = null;
    let templateId = null; // the template that exists or will be created.
    let resultsTemplateName = null;
    let createdNewTemplate = null;
  // Step 1. See if the template already exists
  // Exceptions will be caught by the calling function
  results = await templatesApi.listTemplates(args.accountId, {
    searchText: args.templateName,
  }, (error, data, response) => {
      const headers = response?.headers;

      const remaining = headers?.['x-ratelimit-remaining'];
      const reset = headers?.['x-ratelimit-reset'];

      if (remaining && reset) {
        const resetInstant = new Date(Number(reset) * 1000);

        console.log(`API calls remaining: ${remaining}`);
        console.log(`Next Reset: ${resetInstant.toISOString()}`);
      }
  });

  if (results.data.resultSetSize > 0) {
    templateId = results.data.envelopeTemplates[0].templateId;
    resultsTemplateName = results.data.envelopeTemplates[0].name;
    createdNewTemplate = false;
  } else {
    // Template doesn't exist. Therefore create it...
    // Step 2 Create the template
    //ds-snippet-start:eSign8Step3
    let templateReqObject = makeTemplate(args);
    results = await templatesApi.createTemplate(args.accountId, {
      envelopeTemplate: templateReqObject,
    }, (error, data, response) => {
      const headers = response?.headers;

      const remaining = headers?.['x-ratelimit-remaining'];
      const reset = headers?.['x-ratelimit-reset'];

      if (remaining && reset) {
        const resetInstant = new Date(Number(reset) * 1000);

        console.log(`API calls remaining: ${remaining}`);
        console.log(`Next Reset: ${resetInstant.toISOString()}`);
      }
  });
    //ds-snippet-end:eSign8Step3
    createdNewTemplate = true;
    templateId = results.data.templateId;
    resultsTemplateName = results.data.name;
  }

  return {
    templateId: templateId,
    templateName: resultsTemplateName,
    createdNewTemplate: createdNewTemplate,
  };
};

/**
 * Creates the template request object
 * @function
 * @returns {template} An template definition
 * @private
 */

//ds-snippet-start:eSign8Step2
function makeTemplate(args) {
  // Data for this method
  // demoDocsPath -- module global
  // docFile -- module global
  // templateName -- module global

  // document 1 (pdf) has tag /sn1/
  //
  // The template has two recipient roles.
  // recipient 1 - signer
  // recipient 2 - cc
  // The template will be sent first to the signer.
  // After it is signed, a copy is sent to the cc person.

  let docPdfBytes;
  // read file from a local directory
  // The reads could raise an exception if the file is not available!
  docPdfBytes = fs.readFileSync(args.docFile);

  // add the documents
  let doc = new docusign.Document();
    let docB64 = Buffer.from(docPdfBytes).toString('base64');
  doc.documentBase64 = docB64;
  doc.name = 'Lorem Ipsum'; // can be different from actual file name
  doc.fileExtension = 'pdf';
  doc.documentId = '1';

  // create a signer recipient to sign the document, identified by name and email
  // We're setting the parameters via the object creation
  let signer1 = docusign.Signer.constructFromObject({
    roleName: 'signer',
    recipientId: '1',
    routingOrder: '1',
  });
  // routingOrder (lower means earlier) determines the order of deliveries
  // to the recipients. Parallel routing order is supported by using the
  // same integer as the order for two or more recipients.

  // create a cc recipient to receive a copy of the documents, identified by name and email
  // We're setting the parameters via setters
  let cc1 = new docusign.CarbonCopy();
  cc1.roleName = 'cc';
  cc1.routingOrder = '2';
  cc1.recipientId = '2';

  // Create fields using absolute positioning:
  let signHere = docusign.SignHere.constructFromObject({
      documentId: '1',
      pageNumber: '1',
      xPosition: '191',
      yPosition: '148',
    });
    let check1 = docusign.Checkbox.constructFromObject({
      documentId: '1',
      pageNumber: '1',
      xPosition: '75',
      yPosition: '417',
      tabLabel: 'ckAuthorization',
    });
    let check2 = docusign.Checkbox.constructFromObject({
      documentId: '1',
      pageNumber: '1',
      xPosition: '75',
      yPosition: '447',
      tabLabel: 'ckAuthentication',
    });
    let check3 = docusign.Checkbox.constructFromObject({
      documentId: '1',
      pageNumber: '1',
      xPosition: '75',
      yPosition: '478',
      tabLabel: 'ckAgreement',
    });
    let check4 = docusign.Checkbox.constructFromObject({
      documentId: '1',
      pageNumber: '1',
      xPosition: '75',
      yPosition: '508',
      tabLabel: 'ckAcknowledgement',
    });
    let list1 = docusign.List.constructFromObject({
      documentId: '1',
      pageNumber: '1',
      xPosition: '142',
      yPosition: '291',
      font: 'helvetica',
      fontSize: 'size14',
      tabLabel: 'list',
      required: 'false',
      listItems: [
        docusign.ListItem.constructFromObject({ text: 'Red', value: 'red' }),
        docusign.ListItem.constructFromObject({
          text: 'Orange',
          value: 'orange',
        }),
        docusign.ListItem.constructFromObject({
          text: 'Yellow',
          value: 'yellow',
        }),
        docusign.ListItem.constructFromObject({
          text: 'Green',
          value: 'green',
        }),
        docusign.ListItem.constructFromObject({ text: 'Blue', value: 'blue' }),
        docusign.ListItem.constructFromObject({
          text: 'Indigo',
          value: 'indigo',
        }),
        docusign.ListItem.constructFromObject({
          text: 'Violet',
          value: 'violet',
        }),
      ],
    });
    let numerical = docusign.Numerical.constructFromObject({
            validationType: 'Currency',
            documentId: '1',
            pageNumber: '1',
            xPosition: '163',
            yPosition: '260',
            font: 'helvetica',
            fontSize: 'size14',
            tabLabel: 'numericalCurrency',
            height: '23',
            width: '84',
            required: 'false'});
    let radioGroup = docusign.RadioGroup.constructFromObject({
      documentId: '1',
      groupName: 'radio1',
      radios: [
        docusign.Radio.constructFromObject({
          font: 'helvetica',
          fontSize: 'size14',
          pageNumber: '1',
          value: 'white',
          xPosition: '142',
          yPosition: '384',
          required: 'false',
        }),
        docusign.Radio.constructFromObject({
          font: 'helvetica',
          fontSize: 'size14',
          pageNumber: '1',
          value: 'red',
          xPosition: '74',
          yPosition: '384',
          required: 'false',
        }),
        docusign.Radio.constructFromObject({
          font: 'helvetica',
          fontSize: 'size14',
          pageNumber: '1',
          value: 'blue',
          xPosition: '220',
          yPosition: '384',
          required: 'false',
        }),
      ],
    });
    let text = docusign.Text.constructFromObject({
      documentId: '1',
      pageNumber: '1',
      xPosition: '153',
      yPosition: '230',
      font: 'helvetica',
      fontSize: 'size14',
      tabLabel: 'text',
      height: '23',
      width: '84',
      required: 'false',
    });
  // Tabs are set per recipient / signer
  let signer1Tabs = docusign.Tabs.constructFromObject({
    checkboxTabs: [check1, check2, check3, check4],
    listTabs: [list1],
    numericalTabs: [numerical],
    radioGroupTabs: [radioGroup],
    signHereTabs: [signHere],
    textTabs: [text],
  });
  signer1.tabs = signer1Tabs;

  // Add the recipients to the env object
  let recipients = docusign.Recipients.constructFromObject({
    signers: [signer1],
    carbonCopies: [cc1],
  });

  // create the overall template definition
  let template = new docusign.EnvelopeTemplate.constructFromObject({
    // The order in the docs array determines the order in the env
    documents: [doc],
    emailSubject: 'Please sign this document',
    description: 'Example template created via the API',
    name: args.templateName,
    shared: 'false',
    recipients: recipients,
    status: 'created',
  });

  return template;
}
//ds-snippet-end:eSign8Step2

module.exports = { createTemplate, makeTemplate };
